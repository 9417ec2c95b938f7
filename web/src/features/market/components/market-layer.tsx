import { CountrySelector } from './country-selector';
import { WrongMarketDrawer } from './wrong-market-drawer';

/** The selector dialog and the wrong-market drawer, loaded lazily by the app after hydration. */
export function MarketLayer() {
  return (
    <>
      <WrongMarketDrawer />
      <CountrySelector />
    </>
  );
}

import type { Story } from '@ladle/react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { closeAllModals, openModal, useModal } from '../../../lib/ui-store';
import { CountrySelector } from './country-selector';
import { WrongMarketDrawer } from './wrong-market-drawer';
import { MarketStoryShell, germany } from './market-stories-kit';

export default { title: 'Features / Market' };

const log = (href: string) => console.info('navigate →', href);

function OpenButton({ id, label }: { id: 'country-selector' | 'wrong-market'; label: string }) {
  const modal = useModal(id);
  return (
    <Button
      variant="secondary"
      onPress={() =>
        id === 'wrong-market' ? openModal(id, { data: { visitorCountry: 'DE', target: germany } }) : modal.open()
      }
    >
      {label}
    </Button>
  );
}

export const Selector: Story = () => {
  useEffect(() => {
    openModal('country-selector');
    return () => closeAllModals();
  }, []);
  return (
    <MarketStoryShell>
      <OpenButton id="country-selector" label="Pays / Région" />
      <CountrySelector navigate={log} />
    </MarketStoryShell>
  );
};

export const WrongMarket: Story = () => {
  useEffect(() => {
    openModal('wrong-market', { data: { visitorCountry: 'DE', target: germany } });
    return () => closeAllModals();
  }, []);
  return (
    <MarketStoryShell>
      <OpenButton id="wrong-market" label="Show the wrong-market drawer" />
      <WrongMarketDrawer navigate={log} />
      <CountrySelector navigate={log} />
    </MarketStoryShell>
  );
};

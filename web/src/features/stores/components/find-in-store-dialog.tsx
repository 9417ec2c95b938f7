import { useEffect, useState } from 'react';
import { displayName } from '../../../lib/display-names';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SizePicker } from '../../../components/ui/size-picker';
import { Spinner } from '../../../components/ui/spinner';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { useReserveInStore, useStoreAvailability, useStores } from '../api/store-queries';
import type { StockStatus, Store } from '../store-model';
import { ReserveForm } from './reserve-form';
import './stores.css';

/** The product as the modal needs it (the product page's `Product`). */
export interface FindInStoreProduct {
  id: string;
  name: string;
  sizes: { id: string; displayValue: string }[];
}

/** At most 20 boutiques per availability request (contract). */
const MAX_STORES = 20;
const ONE_SIZE = 'TU';

export interface FindInStorePanelProps {
  product: FindInStoreProduct;
  /** The market's boutiques, by city (or null while loading). */
  stores: Store[] | null;
  availability: Schemas['StoreProductAvailability'] | null;
  state: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  size: string | null;
  onSizeChange: (size: string) => void;
  sendReservation: (body: Schemas['ReservationRequest']) => Promise<Schemas['Reservation']>;
  onClose: () => void;
}

/** `53 avenue Montaigne, Paris`: enough to tell the boutiques of a city apart. */
const streetAndCity = (s: Store) => `${s.address.addressLine1}, ${s.address.city}`;

function StockBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation('stores');
  return (
    <span className="stock-badge" data-status={status}>
      <span className="stock-badge__dot" aria-hidden="true" />
      {t(`findInStore.status.${status}`)}
    </span>
  );
}

/**
 * The find-in-store modal's body: choose a size, see each boutique of the country with that size's stock, and
 * reserve it in a boutique that can hold it (the reservation form replaces the list, "back" returns to it).
 */
export function FindInStorePanel({
  product,
  stores,
  availability,
  state,
  onRetry,
  size,
  onSizeChange,
  sendReservation,
  onClose,
}: FindInStorePanelProps) {
  const { t } = useTranslation('stores');
  const { country, language } = useMarket();
  const [reserving, setReserving] = useState<string | null>(null);
  const countryName = displayName(language, country, 'region');
  const oneSize = product.sizes.length <= 1 && (product.sizes[0]?.id ?? ONE_SIZE) === ONE_SIZE;
  const chosen = oneSize ? (product.sizes[0]?.id ?? ONE_SIZE) : size;
  const sizeLabel = product.sizes.find((s) => s.id === chosen)?.displayValue ?? chosen ?? '';
  const byStore = new Map((availability?.stores ?? []).map((s) => [s.storeId, s]));
  const statusOf = (storeId: string): StockStatus => {
    const a = byStore.get(storeId);
    if (!a) return 'unavailable';
    return chosen ? (a.sizes.find((s) => s.size === chosen)?.status ?? 'unavailable') : a.status;
  };
  const heldSomewhere = (sizeId: string) =>
    (availability?.stores ?? []).some((s) => s.sizes.some((x) => x.size === sizeId && x.status !== 'unavailable'));
  const noneHolds =
    state === 'ready' && (stores?.length ?? 0) > 0 && (stores ?? []).every((s) => statusOf(s.id) === 'unavailable');

  const store = reserving ? stores?.find((s) => s.id === reserving) : undefined;
  if (store && chosen) {
    return (
      <div className="find-store">
        <Button variant="ghost" size="sm" className="find-store__back" onPress={() => setReserving(null)}>
          {t('findInStore.back')}
        </Button>
        <div className="find-store__reserve-head">
          <p className="find-store__product">
            {oneSize ? product.name : t('findInStore.piece', { name: product.name, size: sizeLabel })}
          </p>
          <h3 className="find-store__store-name">{store.name}</h3>
          <p className="find-store__address">{streetAndCity(store)}</p>
        </div>
        <ReserveForm
          store={store}
          pid={product.id}
          size={chosen}
          allowTwo={statusOf(store.id) === 'available'}
          send={sendReservation}
          onNavigate={onClose}
          onDone={onClose}
        />
      </div>
    );
  }

  return (
    <div className="find-store">
      <div className="find-store__head">
        <p className="find-store__product">{product.name}</p>
        <p className="find-store__intro">
          {t(noneHolds ? 'findInStore.noneHolds' : 'findInStore.intro', { country: countryName })}
        </p>
      </div>
      {!oneSize && (
        <SizePicker
          className="find-store__sizes"
          label={t('findInStore.size')}
          sizes={product.sizes.map((s) => ({
            id: s.id,
            label: s.displayValue,
            available: availability ? heldSomewhere(s.id) : true,
          }))}
          value={size}
          onChange={onSizeChange}
          unavailableLabel={t('findInStore.status.unavailable')}
          {...(size ? {} : { description: t('findInStore.chooseSize') })}
        />
      )}
      {state === 'error' ? (
        <div className="find-store__state">
          <p role="alert">{t('findInStore.unavailable')}</p>
          <Button variant="secondary" onPress={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : state === 'loading' || !stores ? (
        <div className="find-store__state">
          <Spinner size="md" label={t('findInStore.loading')} />
        </div>
      ) : stores.length === 0 ? (
        <p className="find-store__empty">{t('findInStore.noBoutique', { country: countryName })}</p>
      ) : (
        <>
          <ul className="find-store__list" aria-label={t('list.title')} data-testid="find-in-store-list">
            {[...stores]
              // The boutiques that hold the piece first, each group in the list's order (by city).
              .sort((a, b) => Number(statusOf(a.id) === 'unavailable') - Number(statusOf(b.id) === 'unavailable'))
              .map((s) => {
                const status = statusOf(s.id);
                const canReserve = Boolean(chosen) && s.services.includes('reserveInStore') && status !== 'unavailable';
                return (
                  <li key={s.id} className="find-store__row" data-store-id={s.id} data-status={status}>
                    <div className="find-store__where">
                      <Link to={s.url} className="find-store__name link-quiet" onClick={onClose}>
                        {s.name}
                      </Link>
                      <span className="find-store__city">{streetAndCity(s)}</span>
                    </div>
                    <StockBadge status={status} />
                    <div className="find-store__action">
                      {canReserve && (
                        <Button
                          variant="secondary"
                          size="sm"
                          onPress={() => setReserving(s.id)}
                          aria-label={t('findInStore.reserveIn', { store: s.name })}
                        >
                          {t('findInStore.reserve')}
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
          </ul>
        </>
      )}
    </div>
  );
}

export interface FindInStoreDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  product: FindInStoreProduct;
  /** The size chosen on the product page, if any. */
  size: string | null;
}

/**
 * The find-in-store modal of the product page (spec §2 modals): the market's boutiques (at most 20, by city)
 * with the product's stock, loaded when the modal opens.
 */
export function FindInStoreDialog({ isOpen, onOpenChange, product, size: initialSize }: FindInStoreDialogProps) {
  const { t } = useTranslation('stores');
  const { locale, country } = useMarket();
  const [size, setSize] = useState<string | null>(initialSize);
  // The modal follows the size chosen on the page each time it opens.
  useEffect(() => {
    if (isOpen) setSize(initialSize);
  }, [isOpen, initialSize]);
  const stores = useStores(locale, country, null, { enabled: isOpen });
  const list = (stores.data?.stores ?? []).slice(0, MAX_STORES);
  const availability = useStoreAvailability(
    locale,
    product.id,
    null,
    list.map((s) => s.id),
    isOpen && stores.isSuccess,
  );
  const reserve = useReserveInStore(locale);
  const noStores = stores.isSuccess && list.length === 0;
  const state = stores.isError || availability.isError ? 'error' : noStores || availability.data ? 'ready' : 'loading';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('findInStore.title')}
      closeLabel={t('close')}
      size="lg"
      className="store-dialog"
    >
      <FindInStorePanel
        product={product}
        stores={stores.data ? list : null}
        availability={availability.data ?? null}
        state={state}
        onRetry={() => void (stores.isError ? stores.refetch() : availability.refetch())}
        size={size}
        onSizeChange={setSize}
        sendReservation={(body) => reserve.mutateAsync(body)}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

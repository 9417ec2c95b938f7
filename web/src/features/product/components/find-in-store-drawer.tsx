import { useTranslation } from '../../../lib/i18n-react';
import { Drawer } from '../../../components/ui/drawer';
import { LinkButton } from '../../../components/ui/link-button';
import { useLocalizePath } from '../../../lib/market-context';

/**
 * Find in store: what boutique stock means and where to ask for it. The boutiques' live stock comes
 * with the store-availability service; until then the drawer says so plainly and leads to the
 * boutique list and client service instead of guessing.
 */
export function FindInStoreDrawer({
  isOpen,
  onOpenChange,
  productName,
  size,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
  size: string | null;
}) {
  const { t } = useTranslation('product');
  const localize = useLocalizePath();
  return (
    <Drawer
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('findInStore.title')}
      closeLabel={t('close')}
      className="find-in-store"
    >
      <div className="find-in-store__body">
        <p className="find-in-store__product">
          {productName}
          {size && <span className="find-in-store__size"> · {t('findInStore.size', { size })}</span>}
        </p>
        <p>{t('findInStore.intro')}</p>
        <p>{t('findInStore.howTo')}</p>
        <LinkButton href={localize('/stores')} variant="primary" isFullWidth>
          {t('findInStore.boutiques')}
        </LinkButton>
        <LinkButton href={localize('/client-service')} variant="secondary" isFullWidth>
          {t('findInStore.clientService')}
        </LinkButton>
      </div>
    </Drawer>
  );
}

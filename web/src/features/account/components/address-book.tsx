import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { LinkButton } from '../../../components/ui/link-button';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath, useMarket } from '../../../lib/market-context';
import { useUpdateAddressBook } from '../api/account-queries';
import { defaultFirst, removeAddressFromBook, setDefaultInBook, type Address } from '../address-rules';
import { isSessionLapsed, problemToFormErrors } from '../problem-fields';
import { useGoToSignIn } from '../use-account-navigation';
import type { MessageKey } from '../validation';
import { AccountShell } from './account-layout';
import { PrintedAddress } from './dashboard';
import { FormAlert } from './fields';

/** The title of an address card: the customer's own name for it, else its type, else a number. */
function addressTitle(address: Address, index: number, t: (key: string, options?: Record<string, unknown>) => string) {
  return (
    address.label?.trim() ||
    (address.type ? t(`addressType.${address.type}`) : t('addresses.numbered', { number: index + 1 }))
  );
}

export interface AddressBookProps {
  addresses: Address[];
  maxAddresses: number;
}

/**
 * The address book: the default address first, then the others; each can be edited, made the default or
 * deleted (after a confirmation). Each change sends the whole book (POST /api/data/cdb/update-customer).
 */
export function AddressBook({ addresses, maxAddresses }: AddressBookProps) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const localize = useLocalizePath();
  const goToSignIn = useGoToSignIn();
  const book = useUpdateAddressBook(locale);
  const [list, setList] = useState(() => defaultFirst(addresses));
  const [confirmDelete, setConfirmDelete] = useState<Address | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [messages, setMessages] = useState<MessageKey[]>([]);
  const [status, setStatus] = useState<string | null>(null);

  const change = async (id: string, action: 'delete' | 'default') => {
    setBusy(`${action}:${id}`);
    setMessages([]);
    setStatus(null);
    try {
      const { customer } = await book.saveBook((current) => ({
        addresses: action === 'delete' ? removeAddressFromBook(current, id) : setDefaultInBook(current, id),
        index: -1,
      }));
      setList(defaultFirst(customer.addresses));
      setStatus(action === 'delete' ? t('addresses.deleted') : t('addresses.defaultSaved'));
      setConfirmDelete(null);
    } catch (error) {
      if (isSessionLapsed(error)) return goToSignIn();
      setMessages(problemToFormErrors(error, () => null).form);
      setConfirmDelete(null);
    } finally {
      setBusy(null);
    }
  };

  const full = list.length >= maxAddresses;
  return (
    <div className="account-addresses">
      <FormAlert messages={messages} />
      {status && (
        <p className="account-status" role="status">
          {status}
        </p>
      )}
      {list.length === 0 ? (
        <p className="account-hint">{t('addresses.empty')}</p>
      ) : (
        <ul role="list" className="account-addresses__list">
          {list.map((address, index) => {
            const title = addressTitle(address, index, t);
            return (
              <li key={address.id ?? index} className="account-card account-address-card">
                <h2 id={`address-${index}`} className="account-section-title">
                  {title}
                  {address.isDefault && <span className="account-badge">{t('addresses.default')}</span>}
                </h2>
                <PrintedAddress address={address} />
                {address.id && (
                  <div className="account-card__actions">
                    <LinkButton
                      variant="ghost"
                      size="sm"
                      href={localize(`/myaccount/edit-address-book?addressId=${encodeURIComponent(address.id)}`)}
                      aria-label={t('addresses.editNamed', { name: title })}
                    >
                      {t('addresses.edit')}
                    </LinkButton>
                    {!address.isDefault && (
                      <Button
                        variant="ghost"
                        size="sm"
                        onPress={() => void change(address.id!, 'default')}
                        isPending={busy === `default:${address.id}`}
                        pendingLabel={t('form.saving')}
                        aria-label={t('addresses.makeDefaultNamed', { name: title })}
                      >
                        {t('addresses.makeDefault')}
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      onPress={() => setConfirmDelete(address)}
                      aria-label={t('addresses.deleteNamed', { name: title })}
                    >
                      {t('addresses.delete')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {full ? (
        <p className="account-hint">{t('addresses.full', { count: maxAddresses })}</p>
      ) : (
        <LinkButton href={localize('/myaccount/new-address-book')} variant="secondary" size="lg">
          {t('addresses.add')}
        </LinkButton>
      )}
      <Dialog
        isOpen={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title={t('addresses.deleteTitle')}
        closeLabel={t('form.close')}
        footer={
          <>
            <Button variant="secondary" onPress={() => setConfirmDelete(null)}>
              {t('form.cancel')}
            </Button>
            <Button
              onPress={() => confirmDelete?.id && void change(confirmDelete.id, 'delete')}
              isPending={busy?.startsWith('delete:') ?? false}
              pendingLabel={t('form.saving')}
            >
              {t('addresses.deleteConfirm')}
            </Button>
          </>
        }
      >
        {confirmDelete && (
          <>
            <p className="account-intro">{t('addresses.deleteText')}</p>
            <PrintedAddress address={confirmDelete} />
          </>
        )}
      </Dialog>
    </div>
  );
}

/** `/myaccount/address-book`. */
export function AddressBookPage({ data }: { data: Schemas['AddressBookPageData'] }) {
  const { t } = useTranslation('account');
  return (
    <AccountShell title={t('addresses.title')} intro={t('addresses.intro')}>
      {/* Keyed on the book it shows: page data read again after a change (another page, another tab) replaces the list. */}
      <AddressBook key={JSON.stringify(data.addresses)} addresses={data.addresses} maxAddresses={data.maxAddresses} />
    </AccountShell>
  );
}

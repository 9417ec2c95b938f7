import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link } from '../../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '../../../lib/api-client';
import { useMarket } from '../../../lib/market-context';
import { forgetPersonalData } from '../api/account-queries';
import { sitePathIn } from '../return-url';
import { AuthLayout } from './account-layout';

/**
 * `/logout`, shown once signed out: the page's message and where to go next. The account pages' data of the
 * session that ended is forgotten here (the account page was left on the way).
 */
export function SignedOutPage({ data }: { data: Schemas['LogoutPageData'] }) {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const queryClient = useQueryClient();
  useEffect(() => {
    void forgetPersonalData(queryClient);
  }, [queryClient]);
  return (
    <AuthLayout title={data.title || t('signOut.title')}>
      <p className="account-panel" role="status">
        {data.message || t('signOut.text')}
      </p>
      {data.links.length > 0 && (
        <ul role="list" className="account-actions account-actions--links">
          {data.links.map((link) => (
            <li key={link.url}>
              <Link className="account-card__link" to={sitePathIn(locale, link.url)}>
                {link.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AuthLayout>
  );
}

import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link, useLocation } from '../../../lib/router';
import { useMarket } from '../../../lib/market-context';
import { signInUrlFor } from '../return-url';
import { useGoToSignIn } from '../use-account-navigation';

/**
 * Shown by a guarded account page whose data answered 401 (the server sends guests to the sign-in page
 * itself; this covers client navigations and a session that lapsed): goes to `/signin?returnUrl=…` at once,
 * with a link for the moment it takes.
 */
export function SignInRequired() {
  const { t } = useTranslation('account');
  const { locale } = useMarket();
  const location = useLocation();
  const goToSignIn = useGoToSignIn();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one redirect to the sign-in page, when the guard is shown
  useEffect(() => goToSignIn(), []);
  return (
    <div className="account-auth" aria-busy="true">
      <p className="account-panel">
        {t('errors:ERR_API_1020')}{' '}
        <Link to={signInUrlFor(locale, location.pathname, location.search)}>{t('signIn.title')}</Link>
      </p>
    </div>
  );
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { useMarket } from '../../lib/market-context';
import { signInUrlFor } from './return-url';

/**
 * Goes to the sign-in page, which comes back to this page afterwards: for a guarded page whose data or
 * whose call answered 401 (the session is not, or no longer, signed in).
 */
export function useGoToSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const { locale } = useMarket();
  return useCallback(
    () => void navigate(signInUrlFor(locale, location.pathname, location.search), { replace: true }),
    [navigate, locale, location.pathname, location.search],
  );
}

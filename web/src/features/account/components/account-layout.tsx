import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { NavLink, useLocation, useNavigate } from '../../../lib/router';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { useLocalizePath } from '../../../lib/market-context';
import { useSignOut } from '../api/account-queries';
import { useErrorText } from './fields';
import { problemToFormErrors } from '../problem-fields';
import './account.css';

/** The narrow, centred column of the pages around signing in (sign in, sign up, activation, password reset, signed out). */
export function AuthLayout({
  title,
  intro,
  children,
  wide = false,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`account-auth${wide ? ' account-auth--wide' : ''}`}>
      <header className="account-auth__header">
        <h1 className="account-auth__title">{title}</h1>
        {intro && <p className="account-intro">{intro}</p>}
      </header>
      {children}
    </div>
  );
}

/** The account area's sections (spec §2), in the order of its navigation. */
export const ACCOUNT_SECTIONS = [
  { path: '/myaccount', key: 'overview', end: true },
  { path: '/myaccount/orders', key: 'orders', end: false },
  { path: '/myaccount/account-information', key: 'information', end: false },
  { path: '/myaccount/address-book', key: 'addresses', end: false },
  { path: '/myaccount/profile', key: 'preferences', end: false },
  { path: '/myaccount/editpassword', key: 'password', end: false },
] as const;

/**
 * Signs out (the customer service's GET /logout), then shows the signed-out page. A session that had already
 * lapsed counts as signed out; any other failure is said beside the button.
 */
export function SignOutButton({
  variant = 'ghost',
  size = 'md',
  isFullWidth,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'isFullWidth' | 'className'>) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const errorId = useId();
  const problem = signOut.error ? problemToFormErrors(signOut.error, () => null).form[0] : undefined;
  return (
    <div className={`account-sign-out${className ? ` ${className}` : ''}`}>
      <Button
        variant={variant}
        size={size}
        isFullWidth={isFullWidth}
        isPending={signOut.isPending}
        pendingLabel={t('signOut.pending')}
        aria-describedby={problem ? errorId : undefined}
        // Awaited rather than a callback of `mutate`: those are dropped when the button unmounts before the answer
        // (the page re-rendered meanwhile), and the shopper, signed out, would stay on the account page.
        onPress={() =>
          void signOut.mutateAsync().then(
            () => navigate(localize('/logout')),
            () => undefined, // shown beside the button (signOut.error)
          )
        }
      >
        {t('signOut.button')}
      </Button>
      {problem && (
        <p id={errorId} className="account-field__error" role="alert">
          {errorText(problem)}
        </p>
      )}
    </div>
  );
}

/** The account area: its title, the navigation of its sections with sign-out, and the page. */
export function AccountShell({
  title,
  intro,
  children,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const localize = useLocalizePath();
  const { pathname } = useLocation();
  const links = useRef<HTMLUListElement>(null);
  // On a phone the sections scroll sideways: the current one is brought into the row's view (the row only,
  // never the page).
  useEffect(() => {
    const row = links.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    // The row is positioned, so a link's offsetLeft is measured from the row's start.
    const start = current.offsetLeft;
    if (start < row.scrollLeft || start + current.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = Math.max(0, start - 48);
  }, [pathname]);
  return (
    <div className="account-shell">
      <nav className="account-shell__nav" aria-label={t('nav.label')}>
        <p className="account-shell__kicker label">{t('nav.title')}</p>
        <ul role="list" className="account-shell__links" ref={links} data-motion="essential">
          {ACCOUNT_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={localize(s.path)} end={s.end} className="account-shell__link">
                {t(`nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account-shell__main" aria-labelledby="account-page-title">
        <header className="account-shell__header">
          <h1 id="account-page-title" className="account-shell__title">
            {title}
          </h1>
          {intro && <p className="account-intro">{intro}</p>}
          {actions && <div className="account-shell__actions">{actions}</div>}
        </header>
        {children}
      </section>
      {/* After the page on phones; under the navigation from lg. */}
      <div className="account-shell__aside">
        <SignOutButton className="account-shell__sign-out" />
      </div>
    </div>
  );
}

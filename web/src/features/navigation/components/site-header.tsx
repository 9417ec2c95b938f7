import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import './site-header.css';

// The menu drawer's code loads the first time the menu opens (phones and tablets only).
const Drawer = lazy(() => import('../../../components/ui/drawer').then((m) => ({ default: m.Drawer })));

interface Props {
  brandName: string;
  navigation: Schemas['CategoryNavItem'][];
  bagCount: number;
  onOpenBag: () => void;
}

/** The header: wordmark, the macro categories with their micro categories, and the bag button. */
export function SiteHeader({ brandName, navigation, bagCount, onOpenBag }: Props) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const [menuOpen, setMenuOpenState] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const setMenuOpen = (open: boolean) => {
    if (open) setMenuLoaded(true);
    setMenuOpenState(open);
  };
  const macros = navigation.filter((c) => c.level === 1).sort((a, b) => a.position - b.position);
  const childrenOf = (id: string) => navigation.filter((c) => c.parentId === id).sort((a, b) => a.position - b.position);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <button type="button" className="site-header__menu-button" onClick={() => setMenuOpen(true)} aria-haspopup="dialog">
          <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
            <path d="M3 7h18M3 12h18M3 17h18" stroke="currentColor" strokeWidth="1.2" fill="none" />
          </svg>
          <span className="sr-only">{t('nav.openMenu')}</span>
        </button>
        <nav className="site-header__nav" aria-label={t('nav.label')}>
          <ul>
            {macros.map((m) => (
              <li key={m.id}>
                <Link to={localize(m.url)}>{m.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={localize('/')} className="site-header__wordmark" aria-label={`${brandName} — ${t('nav.home')}`}>
          {brandName}
        </Link>
        <button type="button" className="site-header__bag" onClick={onOpenBag} aria-haspopup="dialog" data-testid="bag-button">
          <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
            <path d="M5 8h14l-1 13H6L5 8zM9 8V6a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.2" fill="none" />
          </svg>
          <span className="sr-only">{t('nav.bagWithCount', { count: bagCount })}</span>
          {bagCount > 0 && (
            <span className="site-header__bag-count" aria-hidden="true" data-testid="bag-count">
              {bagCount}
            </span>
          )}
        </button>
      </div>
      {menuLoaded && (
      <Suspense fallback={null}>
      <Drawer isOpen={menuOpen} onOpenChange={setMenuOpen} side="left" title={t('nav.openMenu')} closeLabel={t('close')}>
        <nav aria-label={t('nav.label')} className="site-header__drawer-nav">
          {macros.map((m) => (
            <section key={m.id}>
              <h2>
                <Link to={localize(m.url)} onClick={() => setMenuOpen(false)}>
                  {m.name}
                </Link>
              </h2>
              <ul>
                {childrenOf(m.id).map((c) => (
                  <li key={c.id}>
                    <Link to={localize(c.url)} onClick={() => setMenuOpen(false)}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </Drawer>
      </Suspense>
      )}
    </header>
  );
}

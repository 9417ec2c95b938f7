import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react';
import { Link, useStateUntilNavigation } from '../../../lib/router';
import type { Schemas } from '../../../lib/api-client';
import { useLocalizePath } from '../../../lib/market-context';
import { MegaMenu } from './mega-menu';
import { MobileMenu } from './mobile-menu';
import { WORDMARK_BOXES } from './wordmark-boxes.generated';
import './site-header.css';

// The menu drawer's code loads the first time the menu opens (phones and tablets only).
const Drawer = lazy(() => import('../../../components/ui/drawer').then((m) => ({ default: m.Drawer })));

export type CmsLinkData = Schemas['CmsLink'];
/** Renders a CMS link (the content feature's CmsLink, passed in by the app). */
export type RenderLink = (link: CmsLinkData, options: { className?: string; onNavigate?: () => void }) => ReactNode;

interface Props {
  brandName: string;
  /**
   * The house's code (`ysl`): the header draws its wordmark, outlined, in the text colour — the page carries the
   * outlines once as the `#house-wordmark` symbol (server/src/ssr/document.ts). Without one (or for an unknown
   * house), the CMS logo or the house's name.
   */
  house?: string;
  navigation: Schemas['CategoryNavItem'][];
  /** The market's header from the content service; absent in older page data (the wordmark and categories remain). */
  header?: Schemas['CmsHeaderComponent'];
  /** Rendered above the bar (the info banner). */
  banner?: ReactNode;
  renderLink: RenderLink;
  bagCount: number;
  onOpenBag: () => void;
  /**
   * Opens the search drawer (the app composes the search feature). The header's search is a link to the
   * search page, so it works before the script runs; with this, a click opens the drawer instead.
   */
  onOpenSearch?: () => void;
  /** The secondary "rive droite" shell: its own wordmark and a way back to the house. */
  variant?: Schemas['LayoutVariant'];
  /** Light header floating over the page's hero until the page scrolls. */
  overHero?: boolean;
  /** Colour theme of that hero: `dark` (light text) or `light` (dark text). */
  heroTheme?: Schemas['PageTheme'];
}

function BagButton({ count, onPress }: { count: number; onPress: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="site-header__icon-button site-header__bag"
      onClick={onPress}
      aria-haspopup="dialog"
      data-testid="bag-button"
      aria-label={t('nav.bagWithCount', { count })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
        <path d="M5 8h14l-1 13H6L5 8zM9 8V6a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.2" fill="none" />
      </svg>
      {count > 0 && (
        <span className="site-header__bag-count" aria-hidden="true" data-testid="bag-count">
          {count}
        </span>
      )}
    </button>
  );
}

/** The account entry: the account area, or sign-in for a guest (the server sends a guest there and back). */
function AccountLink() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Link
      to={localize('/myaccount')}
      className="site-header__icon-button site-header__account"
      aria-label={t('nav.account')}
      data-testid="account-link"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
        <circle cx="12" cy="8.5" r="4" stroke="currentColor" strokeWidth="1.2" fill="none" />
        <path
          d="M4.5 20.5c1.2-3.6 4.1-5.5 7.5-5.5s6.3 1.9 7.5 5.5"
          stroke="currentColor"
          strokeWidth="1.2"
          fill="none"
        />
      </svg>
    </Link>
  );
}

/**
 * The header: info banner, the house's logo, the category mega-menu (panel on desktop; on phones and tablets a
 * drill-down menu in a drawer), the CMS links and the bag. Over a hero it starts transparent with light text (`transparentOnTop`)
 * and turns solid once the page scrolls.
 */
function SearchLink({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Link
      to={localize('/search')}
      className="site-header__icon-button site-header__search"
      aria-label={t('catalog:search.open')}
      aria-haspopup={onOpen ? 'dialog' : undefined}
      data-testid="search-button"
      onClick={(e) => {
        if (!onOpen || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        onOpen();
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
        <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="1.2" fill="none" />
        <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="1.2" />
      </svg>
    </Link>
  );
}

/** The house's wordmark: an SVG in the house's proportions drawing the page's symbol in `currentColor`. */
function HouseWordmark({ house }: { house: string }) {
  const box = WORDMARK_BOXES[house];
  if (!box) return null;
  return (
    <svg
      className="site-header__wordmark-svg"
      data-house={house}
      viewBox={box.viewBox}
      aria-hidden="true"
      focusable="false"
      data-testid="house-wordmark"
    >
      <use href="#house-wordmark" />
    </svg>
  );
}

export function SiteHeader({
  brandName,
  house,
  navigation,
  header,
  banner,
  renderLink,
  bagCount,
  onOpenBag,
  onOpenSearch,
  variant = 'default',
  overHero = false,
  heroTheme = 'dark',
}: Props) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('content');
  const localize = useLocalizePath();
  const [menuOpen, setMenuOpenState] = useStateUntilNavigation(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const setMenuOpen = (open: boolean) => {
    if (open) setMenuLoaded(true);
    setMenuOpenState(open);
  };
  // Scrolled: the header turns solid over a hero, and the info banner slides away (the bar alone stays).
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 24);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const transparent = overHero && !scrolled && !menuOpen;
  const links = header?.links ?? [];
  const riveDroite = variant === 'rive-droite';

  const wordmark = riveDroite ? (
    <Link
      to={localize('/rive-droite')}
      className="site-header__wordmark site-header__wordmark--rd"
      aria-label={`Rive Droite — ${t('nav.home')}`}
    >
      Rive Droite
    </Link>
  ) : (
    <Link to={localize('/')} className="site-header__wordmark" aria-label={`${brandName} — ${t('nav.home')}`}>
      {house && WORDMARK_BOXES[house] ? (
        <HouseWordmark house={house} />
      ) : header?.logo ? (
        <img
          className="site-header__logo"
          src={header.logo.src}
          alt=""
          width={header.logo.width ?? 160}
          height={header.logo.height ?? 24}
        />
      ) : (
        brandName
      )}
    </Link>
  );

  return (
    <header
      ref={ref}
      className={`site-header${scrolled ? ' site-header--scrolled' : ''}${transparent ? ' site-header--transparent' : ''}${overHero ? ' site-header--over-hero' : ''}${riveDroite ? ' site-header--rd' : ''}`}
      data-sticky={header?.sticky === false ? 'false' : 'true'}
      data-hero-theme={overHero ? heroTheme : undefined}
    >
      {banner}
      <div className="site-header__bar container">
        <div className="site-header__start">
          {riveDroite ? (
            <Link to={localize('/')} className="site-header__back">
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="1.2" />
              </svg>
              <span className="site-header__back-label">{tc('riveDroite.backToHouse', { house: brandName })}</span>
            </Link>
          ) : (
            <>
              <button
                type="button"
                className="site-header__icon-button site-header__menu-button"
                onClick={() => setMenuOpen(true)}
                aria-haspopup="dialog"
                aria-label={t('nav.openMenu')}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
                  <path d="M3 7h18M3 12h18M3 17h18" stroke="currentColor" strokeWidth="1.2" fill="none" />
                </svg>
              </button>
              <MegaMenu navigation={navigation} label={t('nav.label')} />
            </>
          )}
        </div>
        {wordmark}
        <div className="site-header__end">
          {links.length > 0 && !riveDroite && (
            <ul className="site-header__links" role="list">
              {links.map((l, i) => (
                <li key={`${l.label}-${i}`}>{renderLink(l, { className: 'site-header__link' })}</li>
              ))}
            </ul>
          )}
          {!riveDroite && <SearchLink onOpen={onOpenSearch} />}
          {!riveDroite && <AccountLink />}
          <BagButton count={bagCount} onPress={onOpenBag} />
        </div>
      </div>
      {menuLoaded && (
        <Suspense fallback={null}>
          <Drawer
            isOpen={menuOpen}
            onOpenChange={setMenuOpen}
            side="left"
            title={t('nav.openMenu')}
            closeLabel={t('close')}
          >
            <MobileMenu
              navigation={navigation}
              label={t('nav.label')}
              onNavigate={() => setMenuOpen(false)}
              links={
                links.length > 0 && (
                  <ul role="list" className="mobile-menu__links">
                    {links.map((l, i) => (
                      <li key={`${l.label}-${i}`}>{renderLink(l, { onNavigate: () => setMenuOpen(false) })}</li>
                    ))}
                  </ul>
                )
              }
            />
          </Drawer>
        </Suspense>
      )}
    </header>
  );
}

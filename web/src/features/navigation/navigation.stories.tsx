import type { Story } from '@ladle/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from '../../lib/i18n-react';
import { Link } from '../../lib/router';
import type { Schemas } from '../../lib/api-client';
import { createI18n } from '../../lib/i18n';
import { StoryShell, catalog } from '../../stories/story-kit';
import { layout } from '../../../../fixtures/content/layout';
import { localize } from '../../../../fixtures/content/localize';
import frCommon from '../../locales/fr/common.json';
import frContent from '../../locales/fr/content.json';
import enCommon from '../../locales/en/common.json';
import enContent from '../../locales/en/content.json';
import { SiteHeader, type RenderLink } from './components/site-header';
import { SiteFooter } from './components/site-footer';
import { MobileMenu } from './components/mobile-menu';

export default { title: 'Navigation / Header and footer' };

const HOUSE = 'Saint Laurent';
const frLayout = localize(layout as never, 'fr', HOUSE) as unknown as Schemas['PageLayout'];
const navigation: Schemas['CategoryNavItem'][] = catalog.categories.map((c) => ({
  id: c.id,
  slug: c.slug,
  parentId: c.parentId,
  level: c.level,
  name: c.names.fr,
  url: `/ca/${c.slug}`,
  position: c.position,
}));

/** CMS links as plain links (the app renders them with the content feature's link). */
const renderLink: RenderLink = (link, { className, onNavigate }) =>
  link.kind === 'internal' && link.href ? (
    <Link to={`/fr-fr${link.href}`} className={className} onClick={onNavigate}>
      {link.label}
    </Link>
  ) : (
    <a href={link.href ?? '#'} className={className} aria-label={link.ariaLabel}>
      {link.label}
    </a>
  );

function Shell({ children }: { children: ReactNode }) {
  const i18n = createI18n('fr', {
    fr: { common: frCommon, content: frContent },
    en: { common: enCommon, content: enContent },
  });
  return (
    <StoryShell>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </StoryShell>
  );
}

export const Header: Story = () => (
  <Shell>
    <SiteHeader
      brandName={HOUSE}
      navigation={navigation}
      header={frLayout.header}
      renderLink={renderLink}
      bagCount={2}
      onOpenBag={() => undefined}
    />
  </Shell>
);

export const HeaderOverHero: Story = () => (
  <Shell>
    <div style={{ background: '#2b2926', minHeight: 320 }}>
      <SiteHeader
        brandName={HOUSE}
        navigation={navigation}
        header={frLayout.header}
        renderLink={renderLink}
        bagCount={0}
        onOpenBag={() => undefined}
        overHero
        heroTheme="dark"
      />
    </div>
  </Shell>
);
HeaderOverHero.storyName = 'Header over a dark hero';

export const RiveDroiteHeader: Story = () => (
  <Shell>
    <div data-layout="rive-droite" data-theme="dark">
      <SiteHeader
        brandName={HOUSE}
        navigation={navigation}
        header={frLayout.header}
        renderLink={renderLink}
        bagCount={0}
        onOpenBag={() => undefined}
        variant="rive-droite"
      />
    </div>
  </Shell>
);
RiveDroiteHeader.storyName = 'Rive droite header';

export const Footer: Story = () => (
  <Shell>
    <SiteFooter brandName={HOUSE} footer={frLayout.footer} renderLink={renderLink} />
  </Shell>
);

export const FooterWithoutContent: Story = () => (
  <Shell>
    <SiteFooter brandName={HOUSE} renderLink={renderLink} />
  </Shell>
);
FooterWithoutContent.storyName = 'Footer without content (mock data)';

/** The phone menu's drill-down, as the drawer holds it (open a category, then go back). */
export const MobileMenuDrillDown: Story = () => (
  <Shell>
    <div style={{ maxWidth: 390, padding: 20, border: '1px solid #e5e2dc' }}>
      <MobileMenu
        navigation={navigation}
        label="Navigation principale"
        onNavigate={() => undefined}
        links={
          <ul className="mobile-menu__links">
            {frLayout.header?.links?.map((l, i) => (
              <li key={i}>{renderLink(l, {})}</li>
            ))}
          </ul>
        }
      />
    </div>
  </Shell>
);

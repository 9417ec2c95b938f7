import type { Story } from '@ladle/react';
import type { ReactNode } from 'react';
import { StoryShell } from '../../stories/story-kit';
import { createI18n } from '../../lib/i18n';
import { I18nextProvider } from '../../lib/i18n-react';
import frCommon from '../../locales/fr/common.json';
import frContent from '../../locales/fr/content.json';
import enCommon from '../../locales/en/common.json';
import enContent from '../../locales/en/content.json';
import { ContentRenderer } from './components/content-renderer';
import { Accordion } from './components/accordion';
import { Carousel } from './components/carousel';
import { CmsLink } from './components/cms-link';
import { EditorialSplit } from './components/editorial-split';
import { Grid } from './components/grid';
import { Hero } from './components/hero';
import { CmsImage } from './components/image';
import { InfoBanner } from './components/info-banner';
import { ProductIsland } from './components/product-island';
import { Quote } from './components/quote';
import { RichText } from './components/rich-text';
import { Spotlight } from './components/spotlight';
import { Tile } from './components/tile';
import { Video } from './components/video';
import { firstOf, frComponents, frHomeComponents, frLayout, withChildren } from './content-story-data';

export default { title: 'Content / CMS components' };

/** The story shell, with the `content` strings in French. */
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

export const HomePage: Story = () => (
  <Shell>
    <ContentRenderer components={frHomeComponents} heroIsPageTitle />
  </Shell>
);

export const HeroStory: Story = () => (
  <Shell>
    <Hero component={firstOf('hero')} isPageTitle />
  </Shell>
);
HeroStory.storyName = 'Hero';

export const SpotlightStory: Story = () => (
  <Shell>
    <Spotlight component={firstOf('spotlight')} />
  </Shell>
);
SpotlightStory.storyName = 'Spotlight';

export const GridOfTiles: Story = () => (
  <Shell>
    <ContentRenderer components={withChildren(firstOf('grid'))} />
  </Shell>
);

export const GridAlone: Story = () => {
  const grid = firstOf('grid');
  const tiles = frComponents.filter((c) => c.type === 'tile').slice(0, 3);
  return (
    <Shell>
      <Grid component={{ ...grid, title: 'Grille' }}>
        {tiles.map((t) => (t.type === 'tile' ? <Tile key={t.id} component={t} /> : null))}
      </Grid>
    </Shell>
  );
};

export const TileStory: Story = () => (
  <Shell>
    <div style={{ maxWidth: 360 }}>
      <Tile component={firstOf('tile')} />
    </div>
  </Shell>
);
TileStory.storyName = 'Tile';

export const RichTextStory: Story = () => (
  <Shell>
    <RichText
      component={
        frComponents.find((c) => c.type === 'rich-text') as Extract<
          (typeof frComponents)[number],
          { type: 'rich-text' }
        >
      }
    />
  </Shell>
);
RichTextStory.storyName = 'Rich text';

export const AccordionStory: Story = () => (
  <Shell>
    <Accordion component={firstOf('accordion')} />
  </Shell>
);
AccordionStory.storyName = 'Accordion';

export const VideoStory: Story = () => (
  <Shell>
    <div style={{ maxWidth: 960 }}>
      <Video component={firstOf('video')} />
    </div>
  </Shell>
);
VideoStory.storyName = 'Video (poster and play)';

export const ProductIslandCarousel: Story = () => (
  <Shell>
    <ProductIsland component={{ ...firstOf('product-island'), display: 'carousel' }} />
  </Shell>
);

export const ProductIslandGrid: Story = () => (
  <Shell>
    <ProductIsland component={{ ...firstOf('product-island'), display: 'grid' }} />
  </Shell>
);

export const InfoBannerStory: Story = () => (
  <Shell>
    {frLayout.infoBanner ? (
      <InfoBanner component={frLayout.infoBanner} />
    ) : (
      <InfoBanner
        component={{
          id: 'b',
          type: 'info-banner',
          parentId: null,
          position: 1,
          theme: 'dark',
          text: 'Livraison offerte en France',
          link: null,
        }}
      />
    )}
  </Shell>
);
InfoBannerStory.storyName = 'Info banner';

export const ImageStory: Story = () => (
  <Shell>
    <CmsImage component={firstOf('image')} />
  </Shell>
);
ImageStory.storyName = 'Image (responsive)';

export const CarouselStory: Story = () => (
  <Shell>
    <Carousel component={firstOf('carousel')} />
  </Shell>
);
CarouselStory.storyName = 'Carousel';

export const EditorialSplitLeft: Story = () => (
  <Shell>
    <EditorialSplit component={{ ...firstOf('editorial-split'), imagePosition: 'left' }} />
  </Shell>
);

export const EditorialSplitRight: Story = () => (
  <Shell>
    <EditorialSplit component={{ ...firstOf('editorial-split'), imagePosition: 'right' }} />
  </Shell>
);

export const QuoteStory: Story = () => (
  <Shell>
    <Quote component={firstOf('quote')} />
  </Shell>
);
QuoteStory.storyName = 'Quote';

export const LinksByKind: Story = () => (
  <Shell>
    <ul style={{ display: 'grid', gap: 16, listStyle: 'none', padding: 0 }}>
      <li>
        <CmsLink link={{ kind: 'internal', label: 'La Maison', href: '/cp/the-house' }} className="cms-cta" />
      </li>
      <li>
        <CmsLink
          link={{
            kind: 'external',
            label: 'Carrières',
            href: 'https://www.kering.com/',
            ariaLabel: 'Carrières (nouvel onglet)',
          }}
          className="cms-cta"
        />
      </li>
      <li>
        <CmsLink link={{ kind: 'phone', label: '+33 1 70 99 10 00', href: 'tel:+33170991000' }} className="cms-cta" />
      </li>
      <li>
        <CmsLink
          link={{ kind: 'whatsapp', label: 'WhatsApp', href: 'https://wa.me/33170991000' }}
          className="cms-cta"
        />
      </li>
      <li>
        <CmsLink
          link={{ kind: 'action', label: 'Newsletter', href: null, action: 'open-newsletter' }}
          className="cms-cta"
        />
      </li>
    </ul>
  </Shell>
);

export const RiveDroiteTheme: Story = () => (
  <Shell>
    <div
      data-layout="rive-droite"
      data-theme="dark"
      style={{ background: 'var(--color-bg)', color: 'var(--color-text)', padding: 24 }}
    >
      <Quote component={firstOf('quote')} />
      <EditorialSplit component={firstOf('editorial-split')} />
    </div>
  </Shell>
);

// Story-only data: the demo content of fixtures/content (the content service's pages), in French, with
// its images drawn inline (no server in Ladle). Never imported by the app.
import type { Schemas } from '../../lib/api-client';
import { localize } from '../../../../fixtures/content/localize';
import { homePage } from '../../../../fixtures/content/pages/home';
import { faqPage } from '../../../../fixtures/content/pages/faq';
import { clientServicePage } from '../../../../fixtures/content/pages/client-service';
import { contentPages } from '../../../../fixtures/content/pages/content-pages';
import { layout as layoutFixture } from '../../../../fixtures/content/layout';
import { contentImageSvg, defaultRatio, RATIOS } from '../../../../fixtures/media/content-images';
import { catalog, tileOf } from '../../stories/story-kit';

type Component = Schemas['CmsComponent'];
const HOUSE = 'Saint Laurent';

/** `/media/content/{name}.svg` → the same drawing as an inline data URL. */
function inlineImages<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'string') {
        const m = /^\/media\/content\/([a-z0-9-]+)\.svg(?:\?ratio=([0-9]+x[0-9]+))?$/.exec(v);
        if (m) {
          const ratio = (m[2] && m[2] in RATIOS ? m[2] : defaultRatio(m[1]!)) as keyof typeof RATIOS;
          return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(contentImageSvg(m[1]!, ratio, 'ysl'))}`;
        }
      }
      return v;
    }),
  ) as T;
}

const products = catalog.products.slice(0, 8).map((p) => tileOf(p));

/** Every component of the demo pages, in French, product islands priced with the story catalogue. */
export const frComponents: Component[] = [homePage, faqPage, clientServicePage, ...contentPages].flatMap((page) =>
  inlineImages(localize(page.components as never, 'fr', HOUSE) as unknown as Record<string, unknown>[]).map((c) => {
    if (c.type !== 'product-island') return c as unknown as Component;
    const { pick: _pick, ...rest } = c as Record<string, unknown>;
    return { ...rest, pids: products.map((p) => p.id), products } as unknown as Component;
  }),
);

export function firstOf<T extends Component['type']>(type: T): Extract<Component, { type: T }> {
  const found = frComponents.find((c) => c.type === type);
  if (!found) throw new Error(`No ${type} in the demo content`);
  return { ...found, parentId: null } as Extract<Component, { type: T }>;
}

/** A component with its descendants (a grid and its tiles). */
export function withChildren(root: Component): Component[] {
  const out: Component[] = [{ ...root, parentId: null }];
  const walk = (id: string) => {
    for (const c of frComponents.filter((x) => x.parentId === id)) {
      out.push(c);
      walk(c.id);
    }
  };
  walk(root.id);
  return out;
}

export const frHomeComponents: Component[] = inlineImages(
  localize(homePage.components as never, 'fr', HOUSE) as unknown as Component[],
).map((c) =>
  c.type === 'product-island'
    ? ({ ...c, pick: undefined, pids: products.map((p) => p.id), products } as unknown as Component)
    : c,
);

export const frLayout = inlineImages(localize(layoutFixture as never, 'fr', HOUSE)) as unknown as Schemas['PageLayout'];

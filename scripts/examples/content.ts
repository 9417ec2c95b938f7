// The content's examples of scripts/generate-examples.ts: pages, components, generic contents, FAQ accordions,
// events, the cache bust, and the page data of the content and Rive droite pages (fixtures/content).
import type { Express } from 'express';
import request from 'supertest';
import { genericContents, pages as contentPages } from '../../fixtures/content/index.ts';
import {
  BUST_TOKEN,
  BUSTED_AT,
  CATEGORY_SLUG,
  MAX_PRODUCTS,
  label,
  map,
  ok,
  per,
  type ExampleSpec,
  type Json,
  type Locale,
} from './settings.ts';
import { trimComponents, trimContent, trimContentPage } from './trim.ts';

/** The content's answers and page data, for the pages of the fixtures picked by kind. */
export async function collectContent(
  app: Express,
  { pid, categoryId }: { pid: string; categoryId: string },
): Promise<ExampleSpec[]> {
  // Content: the pages of the fixtures (fixtures/content), picked by kind.
  const everywhere = (p: { countries?: string[] }) => !p.countries;
  const pageAt = (prefix: string) => contentPages.find((p) => p.pageUrl.startsWith(prefix) && everywhere(p));
  const slugOf = (url: string) => url.split('/').pop() as string;
  const contentPage = pageAt('/cp/');
  const legalPage = pageAt('/legal/');
  const catchAllPage = contentPages.find(
    (p) => p.category === 'custom' && /^\/[a-z0-9-]+$/.test(p.pageUrl) && p.pageUrl !== '/marketing' && everywhere(p),
  );
  const campaign =
    contentPages.find((p) => p.pageUrl.startsWith('/marketing') && everywhere(p)) ??
    contentPages.find((p) => p.category === 'custom' && p.globalPageId !== 'home' && everywhere(p));
  const rdContent = pageAt('/rive-droite/cp/');
  const calendar = pageAt('/rive-droite/calendar/');
  const subject = contentPages
    .flatMap((p) => p.components as Json[])
    .find((c) => c.type === 'accordion' && c.tagSubjectId)?.tagSubjectId as string | undefined;
  const footerId = 'layout-footer';
  const tags = 'guest';
  const q = (l: Locale, extra: Record<string, string> = {}) => ({ locale: l, ...extra });
  const cms = {
    page: await per((l) =>
      ok(
        `page ${l}`,
        request(app)
          .get('/api/data/page')
          .query(
            q(l, {
              pageId: contentPage?.globalPageId ?? 'home',
              currentContextTags: tags,
              pageNavigationLinksPrefix: '/cp',
            }),
          ),
      ),
    ),
    component: await per((l) =>
      ok(
        `component ${l}`,
        request(app)
          .get('/api/data/component')
          .query(q(l, { componentId: footerId, currentContextTags: tags })),
      ),
    ),
    generic: genericContents[0]
      ? await per((l) =>
          ok(
            `generic ${l}`,
            request(app)
              .get('/api/data/content/generic-content')
              .query(q(l, { contentId: genericContents[0]!.contentId })),
          ),
        )
      : undefined,
    accordions: subject
      ? await per((l) =>
          ok(
            `accordions ${l}`,
            request(app)
              .get('/api/data/content/accordions-with-tag-subject-id')
              .query(q(l, { tagSubjectId: subject })),
          ),
        )
      : undefined,
    events: await per((l) => ok(`events ${l}`, request(app).get('/api/data/events').query(q(l)))),
    bust: await ok(
      'bust',
      request(app)
        .post('/internal/cache/bust')
        .set('X-Internal-Token', BUST_TOKEN)
        .send({ caches: ['page-data'] }),
    ),
  };
  const pageOf = async (what: string, path: string | undefined, extra: Record<string, string> = {}) =>
    path ? per((l) => ok(`${what} ${l}`, request(app).get(path).query(q(l, extra)))) : undefined;
  const rdHome = await pageOf('rive droite', '/ssr/rive-droite');
  const rdCategorySlug: string | undefined =
    rdHome?.['en-us'].categories.find((c: Json) => c.level === 2)?.slug ?? rdHome?.['en-us'].categories[0]?.slug;
  const pageData = {
    content: await pageOf('content page', contentPage && `/ssr/cp/${slugOf(contentPage.pageUrl)}`),
    legal: await pageOf('legal page', legalPage && `/ssr/legal/${slugOf(legalPage.pageUrl)}`),
    faq: await pageOf('faq', '/ssr/faq'),
    clientService: await pageOf('client service', '/ssr/client-service'),
    marketing: await pageOf('marketing', campaign && '/ssr/marketing', {
      cid: campaign?.globalPageId ?? '',
      cat: CATEGORY_SLUG,
      pid,
    }),
    catchAll: await pageOf('catch-all', catchAllPage && `/ssr/page/${slugOf(catchAllPage.pageUrl)}`),
    rdHome,
    rdContent: await pageOf('rive droite content', rdContent && `/ssr/rive-droite/cp/${slugOf(rdContent.pageUrl)}`),
    rdCategory: await pageOf('rive droite category', rdCategorySlug && `/ssr/rive-droite/ca/${rdCategorySlug}`),
    rdCalendar: await pageOf(
      'rive droite calendar',
      calendar && `/ssr/rive-droite/calendar/${slugOf(calendar.pageUrl)}`,
    ),
  };

  function contentSpecs(): ExampleSpec[] {
    const specs: ExampleSpec[] = [];
    const add = (
      pathFile: string,
      operationId: string,
      values: Record<Locale, Json> | undefined,
      what: string,
      fn: (v: Json) => Json = (v) => v,
      method: ExampleSpec['method'] = 'get',
    ) => {
      if (!values) return console.warn(`no example for ${operationId}: the content fixtures have nothing for it yet`);
      specs.push({ pathFile, method, operationId, values: map(values, fn), summary: label(what) });
    };
    const onlyProducts = (list: Json) => ({ ...list, components: trimComponents(list.components) });
    add(
      'api@data@page.yaml',
      'getContentPage',
      cms.page,
      `Content page ${contentPage?.globalPageId ?? 'home'} with the navigation of /cp`,
      trimContent,
    );
    add('api@data@component.yaml', 'getCmsComponent', cms.component, `Component ${footerId}`, onlyProducts);
    add(
      'api@data@content@generic-content.yaml',
      'getGenericContent',
      cms.generic,
      `Generic content ${genericContents[0]?.contentId}`,
      onlyProducts,
    );
    add(
      'api@data@content@accordions-with-tag-subject-id.yaml',
      'getAccordionsByTagSubjectId',
      cms.accordions,
      `FAQ subject ${subject}`,
    );
    add('api@data@events.yaml', 'getEvents', cms.events, 'Rive droite events, every calendar');
    add(
      'internal@cache@bust.yaml',
      'bustCache',
      { 'en-us': { ...cms.bust, bustedAt: BUSTED_AT } } as Record<Locale, Json>,
      'Page data emptied',
      (v) => v,
      'post',
    );
    const page = (v: Json) => trimContentPage(v, categoryId);
    add('ssr@cp@{slug}.yaml', 'getContentPageData', pageData.content, `Content page ${contentPage?.pageUrl}`, page);
    add('ssr@legal@{slug}.yaml', 'getLegalPageData', pageData.legal, `Legal page ${legalPage?.pageUrl}`, page);
    add('ssr@faq.yaml', 'getFaqPageData', pageData.faq, 'FAQ page', page);
    add('ssr@client-service.yaml', 'getClientServicePageData', pageData.clientService, 'Client service page', page);
    add(
      'ssr@marketing.yaml',
      'getMarketingPageData',
      pageData.marketing,
      `Campaign ${campaign?.globalPageId} on ${CATEGORY_SLUG} and ${pid}`,
      (v) => ({ ...page(v), products: v.products.slice(0, MAX_PRODUCTS) }),
    );
    add('ssr@page@{slug}.yaml', 'getCatchAllPageData', pageData.catchAll, `Page ${catchAllPage?.pageUrl}`, page);
    add('ssr@rive-droite.yaml', 'getRiveDroitePageData', pageData.rdHome, 'Rive droite home page', page);
    add(
      'ssr@rive-droite@cp@{slug}.yaml',
      'getRiveDroiteContentPageData',
      pageData.rdContent,
      `Rive droite page ${rdContent?.pageUrl}`,
      page,
    );
    add(
      'ssr@rive-droite@ca@{slug}.yaml',
      'getRiveDroiteCategoryPageData',
      pageData.rdCategory,
      `Rive droite category ${rdCategorySlug}`,
      (v) => ({
        ...page(v),
        listing: { ...v.listing, products: v.listing.products.slice(0, MAX_PRODUCTS) },
      }),
    );
    add(
      'ssr@rive-droite@calendar@{slug}.yaml',
      'getRiveDroiteCalendarPageData',
      pageData.rdCalendar,
      `Rive droite calendar ${calendar?.pageUrl}`,
      page,
    );
    return specs;
  }

  return contentSpecs();
}

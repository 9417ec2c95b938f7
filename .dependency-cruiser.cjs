// Dependency rules of the house (docs/how-to/lint.md, decision 0166), run by `npm run lint`.
// Paths are relative to the repository's root. Type-only imports count for every rule but the cycle rule.

/** Test code: tests, their helpers and harnesses, browser tests, stories. It may reach anywhere. */
const TEST_CODE = [
  '\\.(test|spec)\\.tsx?$',
  '(^|/|\\.)test-support\\.ts$',
  '/testing\\.ts$',
  '/test-app\\.ts$',
  '^server/src/test/',
  '^web/e2e/',
];
/** Stories and their data (Ladle): they show the components with the demo data. */
const STORIES = [
  '\\.stories\\.tsx$',
  '^web/src/stories/',
  '^web/\\.ladle/',
  '-story-data\\.ts$',
  '-stories-kit\\.tsx$',
];
/**
 * Demo tooling: code that exists to put the demo data into the product's demo mode — the seeding of the demo
 * catalogue, content and boutiques and of the former site's accounts (`db/seed.ts`, a module's `seed.ts` or
 * `<name>-seed.ts`). It may import fixtures/.
 * Reference data that business rules read (markets, postal codes, boutiques, hours, size guides, facets) is
 * not demo data: it lives in reference/, which any code may import.
 */
const DEMO_TOOLING = ['^server/src/db/seed\\.ts$', '^server/src/modules/[^/]+/(seed|[a-z]+-seed)\\.ts$'];

/**
 * KNOWN DEBT of `production-imports-no-fixtures` (docs/how-to/lint.md#known-debt): production files that still
 * import fixtures/. Each entry goes when its file no longer needs the exemption; none may be added.
 */
const FIXTURES_DEBT = [
  // The drawings of products and content are made from the catalogue's and the content's demo data (decision 0016).
  '^server/src/modules/media/routes\\.ts$',
];
/**
 * KNOWN DEBT of `server-imports-no-web-src`: the SSR host reads the web's route table, paths, html lang rule and
 * wordmark outlines from web/src in the development server (the production bundle inlines them).
 */
const SERVER_WEB_DEBT = ['^server/src/ssr/(host|document)\\.ts$'];

module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment:
        'A runtime import cycle: the order of evaluation decides what is still undefined. Type-only imports are exempt.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'features-do-not-import-features',
      comment: 'web/src/features/<a> never imports web/src/features/<b>: the app layer (web/src/app) composes them.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'module-through-its-index',
      comment: 'A server module uses another one through its index.ts only.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-through-its-index-from-outside',
      comment:
        'Server code outside the modules uses a module through its index.ts only. db/schema.ts composes the ' +
        "modules' table types (tables.ts): the database's schema is made of them.",
      severity: 'error',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/', '^server/src/db/schema\\.ts$', ...TEST_CODE] },
      to: { path: '^server/src/modules/[^/]+/.', pathNot: '^server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'shared-imports-no-module',
      comment: 'server/src/shared is below the modules: it imports none of them.',
      severity: 'error',
      from: { path: '^server/src/shared/', pathNot: TEST_CODE },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'production-imports-no-fixtures',
      comment:
        'Production code imports no demo data (fixtures/). Tests, stories and demo seeding may; reference data ' +
        'lives in reference/.',
      severity: 'error',
      from: {
        path: '^(server/src|web/src|openapi/src|reference)/',
        pathNot: [...TEST_CODE, ...STORIES, ...DEMO_TOOLING, ...FIXTURES_DEBT],
      },
      to: { path: '^fixtures/' },
    },
    {
      name: 'server-imports-no-web-src',
      comment: "The server does not reach into the web's sources by relative path.",
      severity: 'error',
      from: { path: '^server/', pathNot: [...TEST_CODE, ...SERVER_WEB_DEBT] },
      to: { path: '^web/src/' },
    },
    {
      name: 'web-imports-no-server-src',
      comment: "The web does not reach into the server's sources by relative path.",
      severity: 'error',
      from: { path: '^web/', pathNot: TEST_CODE },
      to: { path: '^server/src/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are seen (and marked type-only), so the cycle rule can exempt them.
    tsPreCompilationDeps: true,
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};

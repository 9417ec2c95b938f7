#!/usr/bin/env node
// Generates the per-locale response examples of the storefront contract from the REAL server:
// starts the app in-process on an in-memory PGlite seeded with a small catalogue, calls the
// endpoints through supertest, trims the answers to example size and writes
//   openapi/storefront/components/examples/<operation>-<locale>.yaml   (summary + value)
// then makes sure every path's 200 `application/json` response lists them as `examples:`, the
// `en-us` example first (Prism's default when no `Prefer: example=...` is sent).
//
// Run: node --import tsx scripts/generate-examples.ts   (then: node scripts/codegen.mjs && npx redocly lint)
import { join } from 'node:path';
import type { Express } from 'express';
import YAML from 'yaml';
import { createApp } from '../server/src/app.ts';
import { openDatabase, type DatabaseHandle } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seed } from '../server/src/db/seed.ts';
import { loadConfig } from '../server/src/shared/config.ts';
import { createLogger } from '../server/src/shared/logger.ts';
import { collectBaskets, collectOrderStory } from './examples/basket-and-order.ts';
import { collectCatalogue } from './examples/catalogue.ts';
import { collectContent } from './examples/content.ts';
import { collectCustomerService } from './examples/customer-service.ts';
import { collectMarkets } from './examples/markets.ts';
import { wireExamples, writeExamples, writeIfChanged } from './examples/output.ts';
import {
  BRAND,
  BUST_TOKEN,
  CATALOG_PRODUCTS,
  examplesDirOf,
  HEADER,
  root,
  type ExampleSpec,
  type Json,
  type Locale,
} from './examples/settings.ts';

export { EXAMPLE_LOCALES } from './examples/settings.ts';

/**
 * Every operation's examples, the calls made in this order (the server's state — sessions, orders, accounts —
 * follows from it), and the story's order requests as they were sent (written with the examples).
 */
async function collect(
  app: Express,
  db: DatabaseHandle['db'],
): Promise<{ specs: ExampleSpec[]; orderRequests: Record<Locale, Json> }> {
  const catalogue = await collectCatalogue(app);
  const baskets = await collectBaskets(app);
  const story = await collectOrderStory(app);
  const content = await collectContent(app, catalogue);
  const markets = await collectMarkets(app, db);
  const customerService = await collectCustomerService(app, db);
  return {
    specs: [...catalogue.specs, ...baskets, ...story.specs, ...content, ...markets, ...customerService],
    orderRequests: story.orderRequests,
  };
}

const t0 = Date.now();
const database = await openDatabase({ pgliteDir: 'memory://' });
try {
  await migrateToLatest(database.db);
  await seed(database.db, { brand: BRAND, products: CATALOG_PRODUCTS });
  // Response validation on: every answer used here is checked against the contract by the server.
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: BRAND,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'silent',
    CACHE_BUST_TOKEN: BUST_TOKEN,
  });
  const { app } = await createApp({ config, database, logger: createLogger(config.logLevel), pages: false });
  const { specs, orderRequests: storyRequests } = await collect(app, database.db);
  // `--only opA,opB` rewrites the examples of those operations only (the others are still collected).
  const onlyArg = process.argv.indexOf('--only');
  const only = onlyArg > 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;
  for (const spec of specs) if (!only || only.has(spec.operationId)) wireExamples(spec, writeExamples(spec));
  // The order requests of the story (request bodies: written, not wired): their expected totals are the server's.
  for (const [l, doc] of Object.entries(storyRequests))
    writeIfChanged(
      join(examplesDirOf('storefront'), `place-order-request-${l}.yaml`),
      `${HEADER}\n${YAML.stringify(doc, { lineWidth: 0 })}`,
    );
  console.log(
    `${specs.length} operations, examples in ${examplesDirOf('storefront').slice(root.length + 1)} and ${examplesDirOf('customer-service').slice(root.length + 1)} (${Date.now() - t0} ms)`,
  );
} finally {
  await database.close();
}

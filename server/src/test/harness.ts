import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../app.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { snapshotPath, TEST_BRAND, testDatabaseKind } from './settings.ts';
import type { ReadyAnswers } from '../shared/ready-answers.ts';

export interface TestApp {
  app: Express;
  database: DatabaseHandle;
  /** The app's ready answers (serve.ts puts them before the app; a test server does so itself). */
  readyAnswers?: ReadyAnswers;
  close(): Promise<void>;
}

/** The real app on a real database: in-memory PGlite from the run's snapshot, or PostgreSQL. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { pages?: boolean } = {},
): Promise<TestApp> {
  const kind = testDatabaseKind();
  const database =
    kind === 'postgres'
      ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 20 })
      : await openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([readFileSync(snapshotPath())]) });
  const config = loadConfig({
    NODE_ENV: 'test',
    BRAND: TEST_BRAND,
    VALIDATE_RESPONSES: 'true',
    CACHE_TTL_SECONDS: '0',
    ...env,
  });
  const { app, close, readyAnswers } = await createApp({
    config,
    database,
    logger: createLogger(config.logLevel),
    pages: options.pages ?? false,
  });
  return {
    app,
    database,
    readyAnswers,
    close: async () => {
      await close();
      await database.close();
    },
  };
}

/** A browser-like agent: keeps cookies and sends same-origin Fetch Metadata. */
export function agent(app: Express) {
  return request.agent(app).set('Sec-Fetch-Site', 'same-origin');
}

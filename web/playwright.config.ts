import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (apt-get install chromium) against the production build
// on an in-memory embedded database; no browser download.
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx server/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/readyz`,
    // A cold start migrates and seeds an in-memory database: allow for a machine busy with other suites.
    timeout: 300_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: 'production',
      RECAPTCHA_VERIFIER: 'test',
      MAILBOX: 'true',
      FULFILMENT_STEP_SECONDS: '5',
      DEMO_CLIENT: 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
    },
  },
});

#!/usr/bin/env node
// `npm start`: the production server on the embedded database (or DATABASE_URL), after `npm run build`: its
// bundle (server/dist/main.mjs, made by the build from the sources), as the production image runs it.
// A demo launcher: forms take the documented test reCAPTCHA token unless RECAPTCHA_VERIFIER says otherwise,
// and the e-mails it sends (activation, password reset …) are readable at /dev/mailbox unless MAILBOX=false.
// One process unless WEB_CONCURRENCY says otherwise (and DATABASE_URL names a PostgreSQL: docs/scaling.md).
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, [join(root, 'server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    RECAPTCHA_VERIFIER: 'test',
    MAILBOX: 'true',
    FULFILMENT_STEP_SECONDS: '60',
    DEMO_CLIENT: 'true',
    WEB_CONCURRENCY: '1',
    ...process.env,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

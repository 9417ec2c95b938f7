#!/usr/bin/env node
// `npm run dev`: the real server with Vite's dev middleware (HMR), on the embedded database.
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--watch-path=server/src', join(root, 'server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', VITE_DEV: 'true', ...process.env },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));

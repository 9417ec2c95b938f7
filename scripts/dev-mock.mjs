#!/usr/bin/env node
// `npm run dev:mock`: the storefront against the contract's mocks, with no server and no database.
//   the mocks (mocks/serve.mjs) on http://127.0.0.1:4010 (MOCK_PORT; the customer service's on the next
//   port): the server's own request checks in front of Prism, which serves the contract's per-locale examples;
//   Vite's dev server for web/ on http://127.0.0.1:5173 (WEB_PORT), proxying /api, /ssr, /media and
//   /internal/web-vitals to Prism
//   (STOREFRONT_API_PROXY; see the mock branch of web/vite.config.ts: it adds `Prefer: example=<locale>`
//   and draws /media images itself). The web app renders on the client (no server bootstrap).
// Ctrl-C (SIGINT) or SIGTERM stops both; when one of them exits, the other is stopped too.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMocks } from '../mocks/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PRISM_PORT = Number(process.env.MOCK_PORT || 4010);
const WEB_PORT = Number(process.env.WEB_PORT || 5173);
const PRISM_URL = `http://${HOST}:${PRISM_PORT}`;
// The customer service API (sign-in, sign-out, session …) has its own contract; its mock is on the next port.
const CS_PRISM_PORT = PRISM_PORT + 1;
const CS_PRISM_URL = `http://${HOST}:${CS_PRISM_PORT}`;

const children = new Map(); // name -> ChildProcess
let stopping = false;
let mocks; // the fronts and their Prisms (startMocks)

function stopAll(signal = 'SIGTERM') {
  for (const child of children.values()) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

function watch(name, child) {
  children.set(name, child);
  child.on('error', (err) => {
    console.error(`[dev:mock] ${name} failed to start: ${err.message}`);
    shutdown(1);
  });
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`[dev:mock] ${name} exited (${signal ?? code}); stopping`);
      shutdown(code || 1);
    } else if (children.size === 0) {
      process.exit(exitCode);
    }
  });
}

let exitCode = 0;
function shutdown(code, signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  void mocks?.close();
  if (children.size === 0) process.exit(code);
  stopAll(signal);
  // Bounded: anything still alive after 5 s is killed.
  setTimeout(() => {
    stopAll('SIGKILL');
    process.exit(code);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal === 'SIGINT' ? 130 : 143, signal));

console.log(`[dev:mock] starting the mocks on ${PRISM_URL}`);
try {
  mocks = await startMocks({ port: PRISM_PORT, host: HOST, stdio: ['ignore', 'ignore', 'inherit'], logLevel: 'warn' });
  mocks.prisms.forEach((child, i) => watch(i === 0 ? 'prism' : 'prism (customer service)', child));
} catch (err) {
  console.error(`[dev:mock] the mocks did not start: ${err.message}`);
  shutdown(1);
}

if (!stopping) {
  console.log(`[dev:mock] the mocks listen on ${PRISM_URL}; starting Vite`);
  watch(
    'vite',
    spawn(join(root, 'node_modules/.bin/vite'), ['--host', HOST, '--port', String(WEB_PORT), '--strictPort'], {
      cwd: join(root, 'web'),
      stdio: 'inherit',
      env: { ...process.env, STOREFRONT_API_PROXY: PRISM_URL, CUSTOMER_SERVICE_PROXY: CS_PRISM_URL },
    }),
  );
  console.log(`[dev:mock] storefront on http://${HOST}:${WEB_PORT}/ (try http://${HOST}:${WEB_PORT}/fr-fr/)`);
}

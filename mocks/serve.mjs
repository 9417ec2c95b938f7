#!/usr/bin/env node
// `npm run mock`: Prism mock server on the bundled storefront contract, http://127.0.0.1:4010.
// Static examples only (no dynamic generation); request violations do not turn into errors.
// Pick an example with `Prefer: example=fr-fr` (en-us, fr-fr, ja-jp), an error with `Prefer: code=404`.
// Options: --port N (or MOCK_PORT), --host H (or MOCK_HOST). See mocks/README.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLED_CONTRACT = join(root, 'openapi/generated/storefront.bundled.yaml');
export const PRISM_BIN = join(root, 'node_modules/.bin/prism');

function option(name, envName, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env[envName] || fallback;
}

/** Starts Prism as a child process; `stdio` is passed to spawn. */
export function startPrism({ port = 4010, host = '127.0.0.1', stdio = 'inherit' } = {}) {
  if (!existsSync(BUNDLED_CONTRACT)) {
    throw new Error(`${BUNDLED_CONTRACT} is missing: run npm run codegen first`);
  }
  return spawn(
    PRISM_BIN,
    ['mock', BUNDLED_CONTRACT, '--host', host, '--port', String(port), '--errors=false', '--dynamic=false'],
    { stdio, cwd: root },
  );
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (main) {
  const port = Number(option('port', 'MOCK_PORT', '4010'));
  const host = option('host', 'MOCK_HOST', '127.0.0.1');
  const child = startPrism({ port, host, stdio: ['ignore', 'pipe', 'inherit'] });
  let announced = false;
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (!announced && /Prism is listening/.test(String(chunk))) {
      announced = true;
      console.log(`\nStorefront API mock listening on http://${host}:${port}`);
      console.log(`  try: curl -H 'Prefer: example=fr-fr' 'http://${host}:${port}/ssr/home?locale=fr-fr'`);
    }
  });
  console.log(`Starting Prism on ${BUNDLED_CONTRACT.slice(root.length + 1)} at http://${host}:${port} ...`);

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (err) => {
    console.error(`could not start Prism (${PRISM_BIN}): ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (!signal) process.exit(code ?? 1);
    // Exit the way the child did: drop our forwarding handler and die of the same signal.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

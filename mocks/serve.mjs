#!/usr/bin/env node
// `npm run mock`: Prism mock servers on the bundled contracts — the storefront API on
// http://127.0.0.1:4010 and the customer service API on the next port (4011).
// Static examples only (no dynamic generation); request violations do not turn into errors.
// Pick an example with `Prefer: example=fr-fr` (en-us, fr-fr, ja-jp), an error with `Prefer: code=404`.
// Options: --port N (or MOCK_PORT), --host H (or MOCK_HOST). See mocks/README.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLED_CONTRACT = join(root, 'openapi/generated/storefront.bundled.yaml');
export const CUSTOMER_SERVICE_CONTRACT = join(root, 'openapi/generated/customer-service.bundled.yaml');
export const PRISM_BIN = join(root, 'node_modules/.bin/prism');

function option(name, envName, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  return process.env[envName] || fallback;
}

/** Starts Prism on one bundled contract as a child process; `stdio` is passed to spawn. */
export function startPrism({ port = 4010, host = '127.0.0.1', stdio = 'inherit', contract = BUNDLED_CONTRACT } = {}) {
  if (!existsSync(contract)) {
    throw new Error(`${contract} is missing: run npm run codegen first`);
  }
  return spawn(
    PRISM_BIN,
    ['mock', contract, '--host', host, '--port', String(port), '--errors=false', '--dynamic=false'],
    { stdio, cwd: root },
  );
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (main) {
  const port = Number(option('port', 'MOCK_PORT', '4010'));
  const host = option('host', 'MOCK_HOST', '127.0.0.1');
  const apis = [
    { name: 'Storefront API', contract: BUNDLED_CONTRACT, port, hint: `curl -H 'Prefer: example=fr-fr' 'http://${host}:${port}/ssr/home?locale=fr-fr'` },
    ...(existsSync(CUSTOMER_SERVICE_CONTRACT)
      ? [{ name: 'Customer service API', contract: CUSTOMER_SERVICE_CONTRACT, port: port + 1, hint: `curl -H 'Prefer: example=fr-fr' 'http://${host}:${port + 1}/session?locale=fr-fr'  (Prism serves the paths without the /customer-service/v1 base path)` }]
      : []),
  ];
  const children = apis.map((api) => {
    const child = startPrism({ port: api.port, host, stdio: ['ignore', 'pipe', 'inherit'], contract: api.contract });
    let announced = false;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (!announced && /Prism is listening/.test(String(chunk))) {
        announced = true;
        console.log(`\n${api.name} mock listening on http://${host}:${api.port}\n  try: ${api.hint}`);
      }
    });
    console.log(`Starting Prism on ${api.contract.slice(root.length + 1)} at http://${host}:${api.port} ...`);
    child.on('error', (err) => {
      console.error(`could not start Prism (${PRISM_BIN}): ${err.message}`);
      stopAll('SIGTERM');
      process.exit(1);
    });
    return child;
  });
  const stopAll = (signal) => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
  // When one mock stops, stop the other and exit the way it did.
  for (const child of children) {
    child.on('exit', (code, signal) => {
      stopAll(signal ?? 'SIGTERM');
      if (!signal) process.exit(code ?? 1);
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  }
}

#!/usr/bin/env node
// `npm run mock`: the mock servers of both contracts — the storefront API on http://127.0.0.1:4010 and the
// customer service API on the next port (4011, its paths without the base path; 4010 also serves it under
// /customer-service/v1, as the server does).
// Each port is a front (mocks/front.ts) that checks every request with the server's own validator and
// answers an invalid one exactly as the server does; a valid one goes to Prism (on a free loopback port),
// which answers from the contract's examples (static examples only; Prism's own violations do not turn into errors).
// Pick an example with `Prefer: example=fr-fr` (en-us, fr-fr, ja-jp), an error with `Prefer: code=404`.
// Options: --port N (or MOCK_PORT), --host H (or MOCK_HOST). See mocks/README.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLED_CONTRACT = join(root, 'openapi/generated/storefront.bundled.yaml');
export const CUSTOMER_SERVICE_CONTRACT = join(root, 'openapi/generated/customer-service.bundled.yaml');
export const PRISM_BIN = join(root, 'node_modules/.bin/prism');
const READY_TIMEOUT_MS = 60_000;

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

function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function waitForPort(host, port, child, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null)
        return reject(new Error(`Prism exited (${child.signalCode ?? child.exitCode})`));
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline)
          return reject(new Error(`Prism did not listen on ${host}:${port} within ${timeoutMs} ms`));
        setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

function listen(handler, port, host) {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(handler);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Starts the mocks: a Prism per contract on free loopback ports, and the fronts on `port` (storefront API, and
 * the customer service under its base path) and `port + 1` (the customer service alone, without its base path).
 * Answers { prisms: ChildProcess[], storefrontUrl, customerServiceUrl, close() }; `stdio` goes to the Prisms.
 */
export async function startMocks({
  port = 4010,
  host = '127.0.0.1',
  stdio = ['ignore', 'ignore', 'inherit'],
  logLevel = 'silent',
} = {}) {
  const withCustomerService = existsSync(CUSTOMER_SERVICE_CONTRACT);
  const storefrontPort = await freePort('127.0.0.1');
  const customerServicePort = withCustomerService ? await freePort('127.0.0.1') : undefined;
  const prisms = [startPrism({ port: storefrontPort, host: '127.0.0.1', stdio })];
  if (customerServicePort)
    prisms.push(
      startPrism({ port: customerServicePort, host: '127.0.0.1', stdio, contract: CUSTOMER_SERVICE_CONTRACT }),
    );
  const stopPrisms = () => {
    for (const child of prisms) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  // A parent that ends without close() (a test run cut short) takes its Prisms with it.
  process.once('exit', stopPrisms);
  const servers = [];
  const close = async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise((resolve) => {
            s.closeAllConnections?.();
            s.close(() => resolve());
          }),
      ),
    );
    stopPrisms();
    process.removeListener('exit', stopPrisms);
  };
  try {
    // The front is TypeScript importing the server's modules: loaded through tsx.
    const { tsImport } = await import('tsx/esm/api');
    const [{ createMockFront }, { createLogger }] = await Promise.all([
      tsImport('./front.ts', import.meta.url),
      tsImport('../server/src/shared/logger.ts', import.meta.url),
    ]);
    const front = createMockFront({
      storefront: `http://127.0.0.1:${storefrontPort}`,
      customerService: customerServicePort ? `http://127.0.0.1:${customerServicePort}` : undefined,
      logger: createLogger(logLevel),
    });
    await Promise.all([
      waitForPort('127.0.0.1', storefrontPort, prisms[0]),
      ...(customerServicePort ? [waitForPort('127.0.0.1', customerServicePort, prisms[1])] : []),
    ]);
    servers.push(await listen(front.app, port, host));
    if (customerServicePort) servers.push(await listen(front.customerServiceAtRoot, port + 1, host));
  } catch (err) {
    await close();
    throw err;
  }
  return {
    prisms,
    storefrontUrl: `http://${host}:${port}`,
    customerServiceUrl: withCustomerService ? `http://${host}:${port + 1}` : undefined,
    close,
  };
}

const main = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (main) {
  const port = Number(option('port', 'MOCK_PORT', '4010'));
  const host = option('host', 'MOCK_HOST', '127.0.0.1');
  console.log(`Starting the mocks (Prism and the request checks of the server) on http://${host}:${port} ...`);
  let mocks;
  try {
    mocks = await startMocks({ port, host, stdio: ['ignore', 'ignore', 'inherit'], logLevel: 'warn' });
  } catch (err) {
    console.error(`could not start the mocks: ${err.message}`);
    process.exit(1);
  }
  console.log(
    `Storefront API mock listening on ${mocks.storefrontUrl}\n  try: curl -H 'Prefer: example=fr-fr' '${mocks.storefrontUrl}/ssr/home?locale=fr-fr'`,
  );
  if (mocks.customerServiceUrl) {
    console.log(
      `Customer service API mock listening on ${mocks.customerServiceUrl} (paths without /customer-service/v1; also under that base path on ${mocks.storefrontUrl})\n  try: curl -H 'Prefer: example=fr-fr' '${mocks.customerServiceUrl}/session?locale=fr-fr'`,
    );
  }
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    await mocks.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(130));
  process.on('SIGTERM', () => void stop(143));
  // When a Prism stops on its own, stop everything.
  for (const child of mocks.prisms) {
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`Prism exited (${signal ?? code}); stopping`);
      void stop(code || 1);
    });
  }
}

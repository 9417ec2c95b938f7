#!/usr/bin/env node
// Baseline for `npm run bench`: a bare Express 5 hello-world (no middleware), the ceiling our server
// is compared against. Listens on 127.0.0.1:$PORT (0 = any free port) and prints its address.
import express from 'express';

const app = express();
app.get('/', (req, res) => res.json({ hello: 'world' }));

const port = Number(process.env.PORT ?? 0);
const server = app.listen(port, '127.0.0.1', (err) => {
  if (err) throw err;
  console.log(`hello-world listening on http://127.0.0.1:${server.address().port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Started by bench.mjs with an IPC channel: if the bench dies (even by SIGKILL), do not linger.
process.on('disconnect', stop);

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The storefront build: `vite build` (client, with index.html) and `vite build --ssr` (server entry).
// In mock mode (`npm run dev:mock`) the API is proxied to Prism instead of the real server.
const mockTarget = process.env.STOREFRONT_API_PROXY;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', manifest: true, sourcemap: true },
  ssr: { noExternal: ['react-aria-components', /^@react-aria\//, /^@react-stately\//, /^@internationalized\//] },
  server: mockTarget
    ? { proxy: { '/api': mockTarget, '/ssr': mockTarget, '/media': { target: mockTarget } } }
    : undefined,
});

/**
 * Vite options for Ladle only (see config.mjs → viteConfig).
 *
 * No @vitejs/plugin-react here: Ladle 5 ships its own Vite 6 and React plugin, and the app's
 * plugin (built for Vite 8) would register React Refresh twice. Plain object, no `defineConfig`
 * import, so the file loads with whichever Vite Ladle brings.
 */
export default {
  resolve: {
    // One copy of React and React Aria even though the monorepo hoists packages to the root.
    dedupe: ['react', 'react-dom', 'react-aria-components'],
  },
  css: {
    devSourcemap: true,
  },
  server: {
    open: false,
  },
};

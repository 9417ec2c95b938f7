/**
 * Ladle 5 configuration for the storefront design system.
 * Run from the `web/` workspace (paths below are relative to it), e.g. `npx ladle serve`.
 * This file is also bundled for the browser by Ladle: keep it free of Node imports.
 *
 * @type {import('@ladle/react').UserConfig}
 */
export default {
  stories: 'src/**/*.stories.tsx',
  // Ladle 5 brings its own Vite and React plugin; this config only adds what the stories need and
  // deliberately does NOT reuse the app's vite config (which registers @vitejs/plugin-react).
  viteConfig: '.ladle/vite.config.mjs',
  addons: {
    // Viewports matching the layout breakpoints (spec §9): phone, md, lg, xl.
    width: {
      enabled: true,
      options: {
        phone: 390,
        md: 768,
        lg: 1024,
        xl: 1440,
      },
      defaultState: 0,
    },
    // The Provider in components.tsx mirrors Ladle's theme onto <html data-theme>.
    theme: { enabled: true, defaultState: 'light' },
    rtl: { enabled: true, defaultState: false },
    a11y: { enabled: true },
    source: { enabled: true, defaultState: false },
  },
};

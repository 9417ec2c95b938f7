// The styles of the e-mail document. Inline styles everywhere (most clients drop <style>); the one <style> block only adds the dark
// palette (for clients that honour prefers-color-scheme) and the narrow-screen padding, with !important to
// override the inline colours.

export const FONT = "'Helvetica Neue', Helvetica, Arial, sans-serif";
export const TEXT = `font-family:${FONT};color:#000000;`;
export const MUTED = `font-family:${FONT};color:#555555;`;
export const RULE = '#e0e0e0';
/** Width of a line item's picture (product drawings are 4:5). */
export const PICTURE = { width: 96, height: 120 };

export const STYLE =
  `<style>\n` +
  `:root{color-scheme:light dark;supported-color-schemes:light dark;}\n` +
  `@media (prefers-color-scheme: dark){\n` +
  `.sf-bg{background-color:#111111 !important;}\n` +
  `.sf-text,.sf-text a{color:#f2f2f2 !important;}\n` +
  `.sf-muted{color:#b5b5b5 !important;}\n` +
  `.sf-rule{border-color:#3a3a3a !important;}\n` +
  `.sf-button,.sf-button a{background-color:#f2f2f2 !important;color:#000000 !important;border-color:#f2f2f2 !important;}\n` +
  `.sf-picture{background-color:#f2f2f2 !important;}\n` +
  `}\n` +
  `[data-ogsc] .sf-text,[data-ogsc] .sf-text a{color:#f2f2f2 !important;}\n` +
  `[data-ogsb] .sf-bg{background-color:#111111 !important;}\n` +
  `@media (max-width:620px){.sf-page{padding:32px 16px !important;}.sf-picture{width:72px !important;height:90px !important;}}\n` +
  `</style>\n`;

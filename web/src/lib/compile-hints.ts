// V8's explicit compile hint, written by the build on the first line of each larger script (web/vite.config.ts,
// `compileHints`) and checked by the production-build tests (server/src/ssr/budgets.test.ts).

/** The magic comment: the browser compiles every function of the file while it streams it, off the main thread. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** A chunk of at least this much code (before minification) carries the hint; a smaller one gains nothing from it. */
export const COMPILE_HINT_MIN_LENGTH = 16_000;

// ESLint of the repository (docs/how-to/lint.md, decision 0166). Run by `npm run lint`, with its cache in
// node_modules/.cache/eslint. Import cycles and the boundaries between workspaces, modules and features are
// dependency rules: .dependency-cruiser.cjs, run by the same `npm run lint`.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'web/test-results/**',
      'web/playwright-report/**',
      '.reports/**',
      'openapi/generated/**',
      '**/*.generated.ts',
      'deploy/**',
      'docs/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  // An exemption is `// eslint-disable-next-line <rule> -- <reason>`: one line, named rules, a reason.
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/no-use': ['error', { allow: ['eslint-disable-next-line'] }],
    },
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept for its position or its shape.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Type-only imports are written `import type` (verbatimModuleSyntax requires it; this names the fix).
      // `import('x').T` in an annotation stays allowed: it names a type of a module loaded lazily (sharp).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Test code reads arbitrary JSON answers and builds deliberately wrong requests: `any` is allowed there.
    files: ['**/*.{test,spec}.{ts,tsx}', '**/test-support.ts', '**/*.test-support.ts', 'server/src/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Scripts that drive a browser: the functions given to `page.evaluate()` run in the page.
    files: ['scripts/screenshots/photographs.mjs', 'scripts/screenshot-pages.mjs', 'scripts/bench-web.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/.ladle/**/*.{tsx,mjs}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The storefront's useMutation answers a server render without the library's observer (lib/mutation.ts).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "Import useMutation from web/src/lib/mutation.ts: the server's render answers it idle, cheaply.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/mutation.ts', 'web/src/lib/mutation.test.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);

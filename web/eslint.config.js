// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, and the
// rules of hooks. `npm run lint`; part of the test command (infra/test).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SHARED_ONLY = 'src/shared/ is shared by every module and entry: it imports only from src/shared/.';
const STAFF_ONLY = 'Staff code imports only src/shared/ and src/staff/ (never a shopper module).';

/** One import restriction (a regular expression over the import's path). */
function restrictImports(regex, message) {
  return { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] };
}

export default tseslint.config(
  { ignores: ['dist/', 'dist-ssr/', 'node_modules/', 'test-results/', 'playwright-report/', 'blob-report/'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Like tsc's noUnusedParameters: a leading underscore marks a parameter kept for its place.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // Module boundaries (no-restricted-imports; for a file the last block that names it wins):
  // - staff code (src/staff/, the staff.html entry) never reaches a shopper's bundle: nothing
  //   else imports it (scripts/bundle-size.mjs checks the build as well);
  // - src/shared/ (API layer, UI primitives, forms, tracking, styles, money) imports nothing
  //   outside itself;
  // - staff code imports only src/shared/ and itself.
  {
    files: ['src/**'],
    ignores: ['src/staff/**'],
    rules: restrictImports('(^|/)staff(/|$)', 'Staff code is for the staff.html entry only.'),
  },
  { files: ['src/shared/*.{ts,tsx}'], rules: restrictImports('^\\.\\./', SHARED_ONLY) },
  { files: ['src/shared/*/*.{ts,tsx}'], rules: restrictImports('^\\.\\./\\.\\./', SHARED_ONLY) },
  { files: ['src/shared/*/*/**/*.{ts,tsx}'], rules: restrictImports('^\\.\\./\\.\\./\\.\\./', SHARED_ONLY) },
  { files: ['src/staff/*.{ts,tsx}'], rules: restrictImports('^\\.\\./(?!shared/)', STAFF_ONLY) },
  { files: ['src/staff/*/*.{ts,tsx}'], rules: restrictImports('^\\.\\./\\.\\./(?!shared/)', STAFF_ONLY) },
  { files: ['src/staff/*/*/**/*.{ts,tsx}'], rules: restrictImports('^\\.\\./\\.\\./\\.\\./(?!shared/)', STAFF_ONLY) },
  {
    // Playwright reads a hook's fixtures from its first parameter, which must be an object
    // pattern even when the hook needs none (`({}, testInfo) => …`).
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Node scripts and configs.
    files: ['scripts/**', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
);

// Lint: typescript-eslint's recommended rules plus the house rules of docs/design.md that a
// linter can see (no enums or namespaces, no stray console in the library layers).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'demo/emulator/dist/', 'coverage/', 'node_modules/', 'bench-results/', '.bench/', '.package-check/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly', document: 'readonly', console: 'readonly', process: 'readonly',
        globalThis: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly',
        setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` object with a same-named type (docs/design.md).' },
        { selector: 'TSModuleDeclaration[kind="namespace"]', message: 'No namespaces (docs/design.md).' },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'components/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);

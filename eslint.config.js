// @ts-check
import eslint from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      '.probe/**',
      '**/dist/**',
      '**/node_modules/**',
      'docs/api/**',
      '**/coverage/**',
      // Generated at check time (doc snippets, Stryker's sandbox), never committed.
      '**/.snippets/**',
      '**/.stryker-tmp/**',
      '**/*.d.ts',
      '**/.size-limit.*',
      // Type-checked by `tsc -p` in its own CI step (check:generated-client), once openapi-typescript
      // has generated the types it imports; linting it before that would only see unresolved types.
      'packages/contract/test/generated-client/**',
    ],
  },
  eslint.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'packages/*/*.mjs', 'packages/*/bin/*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Plain JavaScript (configs, scripts) is linted without type information.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false }, globals: globals.node },
  },
  // A type assertion claims what a schema's parse would check: data that enters (JSON, bodies,
  // argv) is parsed, and a type lost inside the code is restored at its source. A cast that
  // stays needs a disable comment that says why (docs/decisions.md lists the groups that remain).
  // One block per package, so each package's sources switch on as their casts are gone.

  {
    files: ['packages/contract/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },

  {
    files: ['packages/sdk/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },

  {
    files: ['packages/conformance/src/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },

  {
    files: ['packages/mock-server/src/**/*.ts', 'packages/mock-server/src/**/*.tsx'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },

  {
    // Tests may use non-null assertions on values they have just asserted.
    files: ['**/test/**/*.ts', '**/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

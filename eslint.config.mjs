import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const API_PATH = String.raw`/^\/(api\/v1|internal_api|infra|phones)(\/|$)/`;
const API_PATHS_FROM_CONTRACTS = ['Literal[value=', 'TemplateElement[value.raw='].map((node) => ({
  selector: `${node}${API_PATH}]`,
  message: "Take API paths from libs/contracts (the area's paths.ts), never spelled out in the web.",
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**', 'test-results/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'error',
    },
  },
  {
    files: ['libs/domain/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'The domain takes time from the command, never from Date.now().',
        },
      ],
    },
  },
  {
    // bulletproof-react: one file per call holding its fetcher and its hook, at a path named in libs/contracts
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...API_PATHS_FROM_CONTRACTS] },
  },
  {
    files: ['apps/web/src/features/**/api/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...API_PATHS_FROM_CONTRACTS,
        {
          selector:
            'ExportNamedDeclaration[declaration.id.name=/^use[A-Z]/] ~ ExportNamedDeclaration[declaration.id.name=/^use[A-Z]/]',
          message: 'One API call per file: its fetcher and its one query or mutation hook.',
        },
      ],
    },
  },
  {
    files: [
      'test/**/*.ts',
      'test/**/*.js',
      'scripts/**/*.js',
      'bench/**/*.ts',
      '**/*.spec.ts',
      'apps/*/src/main.ts',
      'apps/*/src/replay.ts',
      '*.js',
      '*.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
);

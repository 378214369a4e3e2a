// ESLint (flat config) with typescript-eslint: type-only imports, no `any`, and the layer
// boundaries that test/architecture.test.ts enforces, so an editor shows them as you type.
import tseslint from 'typescript-eslint';

const boundary = (message, layers) => ({
  'no-restricted-imports': ['error', { patterns: layers.map((layer) => ({ group: [`../**/${layer}/**`, `./${layer}/**`], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.base],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // Test helpers walk foreign JSON (Hugr fixtures, MCP results) where `any` is the honest type.
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }] },
  },
  {
    files: ['src/kernel/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundary('kernel imports nothing else of the project', ['ports', 'core', 'adapters', 'presentations', 'config', 'demo']),
  },
  {
    files: ['src/ports/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundary('ports import only kernel and other ports', ['core', 'adapters', 'presentations', 'config', 'demo']),
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundary('core imports only kernel and ports', ['adapters', 'presentations', 'config', 'demo']),
  },
  {
    files: ['src/adapters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: boundary('adapters import only kernel, ports and their own folder', ['core', 'presentations', 'config', 'demo']),
  },
  { files: ['src/presentations/**/*.ts'], ignores: ['**/*.test.ts'], rules: boundary('presentations reach adapters only through src/app.ts', ['adapters']) },
);

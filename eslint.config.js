// @ts-check
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** A feature may import lib, components and shared code, but never another feature. */
const featureBoundary = {
  meta: { type: 'problem', messages: { cross: 'Feature "{{from}}" must not import feature "{{to}}"; move shared code to lib/ or components/.' } },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const own = /src\/client\/features\/([^/]+)\//.exec(file)?.[1];
    return {
      ImportDeclaration(node) {
        if (!own) return;
        const source = String(node.source.value);
        const target = /#client\/features\/([^/]+)\//.exec(source)?.[1] ?? /^\.\.\/(?:\.\.\/)*([^/.][^/]*)\//.exec(source)?.[1];
        const viaRelative = source.startsWith('../') && !source.startsWith('../../');
        if (target && target !== own && (source.startsWith('#client/features/') || viaRelative)) {
          context.report({ node, messageId: 'cross', data: { from: own, to: target } });
        }
      },
    };
  },
};

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Search is one room: the rest of the server enters it through catalog-search.ts (and reads query words with query.ts). */
const SEARCH_ENTRANCE = {
  group: ['./search/*', '../search/*', '**/products/search/*', ...['./', '../', '**/products/'].flatMap((at) => [`!${at}search/catalog-search.ts`, `!${at}search/query.ts`])],
  message: 'use search through products/search/catalog-search.ts',
};

export default tseslint.config(
  { ignores: ['dist*/', 'smbuild*', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'feature-boundary': featureBoundary } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'local/feature-boundary': 'error' },
  },
  // The import rules of DESIGN.md.
  {
    files: ['src/shared/**'],
    rules: restrict([
      { group: ['#server/*', '#client/*', '**/server/**', '**/client/**'], message: 'shared imports neither side' },
      { group: ['node:*', 'fs', 'path', 'react', 'react-*', 'drizzle-orm*', 'fastify*', 'pg'], message: 'shared stays pure: no I/O, no framework' },
    ]),
  },
  { files: ['src/client/**'], rules: restrict([{ group: ['#server/*', '**/server/**', 'node:*'], message: 'client never imports server code' }]) },
  {
    files: ['src/client/lib/**', 'src/client/components/**'],
    rules: restrict([
      { group: ['#server/*', '**/server/**', 'node:*'], message: 'client never imports server code' },
      { group: ['#client/features/*', '#client/app/*', '**/features/**', '**/app/**', '#client/routes*'], message: 'lib and components come before features' },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([
      { group: ['#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      SEARCH_ENTRANCE,
    ]),
  },
  // Inside its own room search may use its parts.
  {
    files: ['src/server/modules/products/search/**'],
    rules: restrict([{ group: ['#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' }]),
  },
  {
    files: ['src/server/modules/**/routes.ts'],
    rules: restrict([
      { group: ['#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/**', '#server/db/*'], message: 'a route never touches the database: call a service' },
      SEARCH_ENTRANCE,
    ]),
  },
);

// @ts-check
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import path from 'node:path';

/** Folders of a feature that its sub-features share (the admin's components and lib). */
const SHARED_IN_FEATURE = new Set(['components', 'lib']);

/** `src/client/features/<feature>/<sub>/…` of a client path; `sub` only when it is a folder. */
function featureOf(clientPath) {
  const match = /^features\/([^/]+)\/(?:([^/]+)\/)?/.exec(clientPath);
  return match ? { feature: match[1], sub: match[2] } : null;
}

/** The client path (under src/client/) an import points to, or null for a package. */
function importedClientPath(file, source) {
  if (source.startsWith('#client/')) return source.slice('#client/'.length);
  if (!source.startsWith('.')) return null;
  const resolved = path.posix.join(path.posix.dirname(file), source);
  const at = resolved.indexOf('src/client/');
  return at === -1 ? null : resolved.slice(at + 'src/client/'.length);
}

/**
 * A feature may import lib, components and shared code, but never another feature. Inside a
 * feature with sub-features (the admin), a sub-feature imports only its own files and the
 * feature's shared `components/` and `lib/`, and those import no sub-feature.
 */
const featureBoundary = {
  meta: {
    type: 'problem',
    messages: {
      cross: 'Feature "{{from}}" must not import feature "{{to}}"; move shared code to lib/ or components/.',
      sub: '"{{from}}" must not import "{{to}}"; move what both use to {{feature}}/components or {{feature}}/lib.',
    },
  },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const at = file.indexOf('src/client/');
    const own = at === -1 ? null : featureOf(file.slice(at + 'src/client/'.length));
    return {
      ImportDeclaration(node) {
        if (!own) return;
        const target = importedClientPath(file, String(node.source.value));
        const to = target && featureOf(target);
        if (!to) return;
        if (to.feature !== own.feature) {
          context.report({ node, messageId: 'cross', data: { from: own.feature, to: to.feature } });
          return;
        }
        const crossesSub = own.sub && to.sub && to.sub !== own.sub && !SHARED_IN_FEATURE.has(to.sub);
        if (crossesSub) {
          context.report({ node, messageId: 'sub', data: { from: `${own.feature}/${own.sub}`, to: `${own.feature}/${to.sub}`, feature: own.feature } });
        }
      },
    };
  },
};

/** `src/server/integrations/<provider>/…` of a path, or null. */
function integrationOf(filePath) {
  const match = /src\/server\/integrations\/([^/]+)\//.exec(filePath);
  return match ? match[1] : null;
}

/**
 * An integration translates between one outside system and the shop's doors; it never imports
 * another integration (what two need lives in core/, jobs/ or a domain module).
 */
const integrationBoundary = {
  meta: { type: 'problem', messages: { cross: 'Integration "{{from}}" must not import integration "{{to}}"; move what both need to core/, jobs/ or a domain module.' } },
  create(context) {
    const file = context.filename.replaceAll('\\', '/');
    const own = integrationOf(file);
    return {
      ImportDeclaration(node) {
        if (!own) return;
        const source = String(node.source.value);
        const resolved = source.startsWith('#server/') ? `src/server/${source.slice('#server/'.length)}` : source.startsWith('.') ? path.posix.join(path.posix.dirname(file), source) : null;
        const to = resolved && integrationOf(resolved);
        if (to && to !== own) context.report({ node, messageId: 'cross', data: { from: own, to } });
      },
    };
  },
};

/** The tables only their doors write: drizzle's names and the SQL names. */
const DOOR_TABLES = new Set(['products', 'productStock', 'supplierOffers', 'productAttributes', 'productPrices', 'priceTypes']);
/** SQL text that writes one of them: `insert into products`, `update product_stock`, `delete from "supplier_offers"`… */
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:public\.)?("?)(?:products|product_stock|supplier_offers|product_attributes|product_prices|price_types)\1(?![\w.])/i;
/** SQL text ending where the table comes next, as `${products}` in a drizzle `sql` template. */
const SQL_WRITE_HEAD = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;

/** `products`, `productStock`, `supplierOffers`, or `schema.products`: a door table named in code. */
function doorTableOf(node) {
  if (!node) return null;
  if (node.type === 'Identifier' && DOOR_TABLES.has(node.name)) return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier' && DOOR_TABLES.has(node.property.name)) return node.property.name;
  return null;
}

/**
 * `products`, `supplier_offers`, `product_attributes`, `product_prices` and `price_types` are written only through the catalogue's door
 * (src/server/modules/products/write/) and `product_stock` only through the stock door
 * (src/server/db/product-stock.ts): a drizzle `.insert/.update/.delete(products | productStock |
 * supplierOffers)` or SQL text that inserts into, updates or
 * deletes from them anywhere else is an error (docs/decisions/025).
 */
const catalogueDoor = {
  meta: {
    type: 'problem',
    messages: { write: 'Write of `{{table}}` outside its door: use modules/products/write/ (products, supplier offers, characteristics, prices by price type) or db/product-stock.ts (stock).' },
  },
  create(context) {
    const report = (node, table) => context.report({ node, messageId: 'write', data: { table } });
    const sqlTable = (text) => /product_stock|supplier_offers|product_attributes|product_prices|price_types/i.exec(text)?.[0] ?? 'products';
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const table = doorTableOf(node.arguments[0]);
        if (table) report(node, table);
      },
      TemplateLiteral(node) {
        node.quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          const match = SQL_WRITE.exec(text);
          if (match) return report(node, sqlTable(match[0]));
          const table = i < node.expressions.length && SQL_WRITE_HEAD.test(text) ? doorTableOf(node.expressions[i]) : null;
          if (table) report(node, table);
        });
      },
      Literal(node) {
        if (typeof node.value !== 'string') return;
        const match = SQL_WRITE.exec(node.value);
        if (match) report(node, sqlTable(match[0]));
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
    plugins: { local: { rules: { 'feature-boundary': featureBoundary, 'integration-boundary': integrationBoundary, 'catalogue-door': catalogueDoor } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/server/integrations/**/*.ts'], rules: { 'local/integration-boundary': 'error' } },
  // One door per table: products, supplier_offers and the prices by price type through modules/products/write/, product_stock through db/product-stock.ts.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'src/server/modules/products/write/**',
      'src/server/db/product-stock.ts',
      'src/server/db/seed/**',
      'src/server/db/migrations/**',
      '**/*.test.ts',
      'tests/**',
      'eslint.config.js',
    ],
    rules: { 'local/catalogue-door': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'local/feature-boundary': 'error' },
  },
  // Dates and times reach people through src/shared/dates.ts only: Moscow time whatever the zone of the server or the browser.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          "CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(year|month|day|weekday|hour|minute)$/]",
          "CallExpression[callee.property.name=/^get(FullYear|Month|Date|Day|Hours|Minutes)$/][arguments.length=0]",
        ].map((selector) => ({ selector, message: 'format dates and times with src/shared/dates.ts (Moscow time whatever the machine’s zone)' })),
      ],
    },
  },
  // Vitest's workers keep their modules from file to file (vitest.config.ts): a mocked module would reach the files after.
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({ object: 'vi', property, message: 'no module mocks: pass the test double in (the workers keep their modules, docs/decisions/026)' })),
      ],
    },
  },
  // The import rules of DESIGN.md.
  {
    files: ['src/shared/**'],
    rules: restrict([
      { group: ['\\#server/*', '\\#client/*', '**/server/**', '**/client/**'], message: 'shared imports neither side' },
      { group: ['node:*', 'fs', 'path', 'react', 'react-*', 'drizzle-orm*', 'fastify*', 'pg'], message: 'shared stays pure: no I/O, no framework' },
    ]),
  },
  { files: ['src/client/**'], rules: restrict([{ group: ['\\#server/*', '**/server/**', 'node:*'], message: 'client never imports server code' }]) },
  {
    files: ['src/client/lib/**', 'src/client/components/**'],
    rules: restrict([
      { group: ['\\#server/*', '**/server/**', 'node:*'], message: 'client never imports server code' },
      { group: ['\\#client/features/*', '\\#client/app/*', '**/features/**', '**/app/**', '\\#client/routes*'], message: 'lib and components come before features' },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([
      { group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      SEARCH_ENTRANCE,
    ]),
  },
  // Inside its own room search may use its parts.
  {
    files: ['src/server/modules/products/search/**'],
    rules: restrict([{ group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' }]),
  },
  {
    // The layers under the modules: the database (seed included), mail and configuration.
    files: ['src/server/db/**', 'src/server/mail/**', 'src/server/config.ts'],
    rules: restrict([
      { group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      { group: ['**/modules/**', '**/plugins/**', '**/flows/**', '\\#server/modules/*', '\\#server/plugins/*', '\\#server/flows/*'], message: 'the layers under the modules import none of them' },
    ]),
  },
  {
    // The demo seed writes its data the way staff and imports do, through the modules' own doors
    // (attribute resolver, the catalogue's door): the one part of the database layer above them.
    files: ['src/server/db/seed/**'],
    rules: restrict([
      { group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      SEARCH_ENTRANCE,
      { group: ['**/plugins/**', '**/flows/**', '\\#server/plugins/*', '\\#server/flows/*'], message: 'the seed writes through the modules, not the plugins or flows' },
    ]),
  },
  {
    // The core is what every module and plugin stands on; importing one of them back makes a circle.
    files: ['src/server/core/**'],
    rules: restrict([
      { group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      { group: ['**/modules/**', '**/plugins/**', '**/flows/**', '\\#server/modules/*', '\\#server/plugins/*', '\\#server/flows/*'], message: 'the core imports no module, plugin or flow' },
      { group: ['**/db/**', '\\#server/db/*', 'drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'the core touches no database (it may name its types)' },
    ]),
  },
  {
    // The order's door and the other domain doors (docs/decisions/025): modules and flows never import an
    // integration; integrations call the doors and listen to their events. Its own rule name
    // (typescript-eslint's no-restricted-imports) so the blocks above and below, which set the base
    // rule for the same files, neither replace it nor are replaced by it.
    files: ['src/server/modules/**', 'src/server/flows/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A leading '#' starts a comment in these gitignore-style patterns: the alias needs '\\#'.
              group: ['**/integrations/**', '\\#server/integrations/*', '\\#server/integrations/**'],
              message: 'modules and flows never import an integration: offer a port or an event (modules/orders/payments-port.ts, door.ts) that the integration provides or listens to',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/**/routes.ts', 'src/server/integrations/**/routes.ts'],
    rules: restrict([
      { group: ['\\#client/*', '**/client/**'], message: 'the server loads the built SSR bundle, never client source' },
      { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/**', '\\#server/db/*'], message: 'a route never touches the database: call a service' },
      SEARCH_ENTRANCE,
    ]),
  },
);

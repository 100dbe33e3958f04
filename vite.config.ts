import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { NONCE_PLACEHOLDER } from './src/server/core/content-security-policy.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function commit() {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

// The client and SSR builds are two runs: BUILD_TIME from the build script keeps them identical.
const buildInfo = {
  version: pkg.version,
  commit: process.env.BUILD_COMMIT ?? commit(),
  builtAt: process.env.BUILD_TIME ?? new Date().toISOString(),
};

/**
 * Server-rendered pages are complete without JavaScript, so the hydration code is fetched at low
 * priority: the stylesheet, fonts and pictures of the first screen come first on a slow network.
 */
const lowPriorityScripts = (): Plugin => ({
  name: 'low-priority-scripts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) =>
      html
        .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
        .replace(/<link rel="modulepreload" crossorigin/g, '<link rel="modulepreload" fetchpriority="low" crossorigin'),
  },
});

/**
 * React Router's package exports point only at its development build (dev warnings included; see
 * remix-run/react-router#12532): the browser bundle takes the production build shipped beside it.
 * The server keeps the package's own entry; both render the same markup.
 */
const reactRouterProductionBuild = (): Plugin => ({
  name: 'react-router-production-build',
  apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
  config: () => ({
    resolve: {
      alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
    },
  }),
});

export default defineConfig({
  plugins: [react(), tailwindcss(), lowPriorityScripts(), reactRouterProductionBuild()],
  define: { __BUILD_INFO__: JSON.stringify(buildInfo) },
  // Every script and module preload of the page carries the answer's nonce (the server fills it in).
  html: { cspNonce: NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    // Every browser the shop supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // React, the router and the query cache in one chunk: every page needs them, one file compresses
    // better than the five pieces the automatic split made of them (home first load 130.1 → 128.8 KB),
    // and it changes only when they are upgraded, so browsers keep it across the shop's releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/ }],
        },
      },
    },
  },
  ssr: {
    noExternal: ['radix-ui', /^@radix-ui\//],
  },
});

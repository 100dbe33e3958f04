import fs from 'node:fs';
import path from 'node:path';
import type { SsrSource } from '#server/plugins/ssr.ts';

/**
 * The pages as the development server renders them, without a build: the source template
 * (index.html) and the client's SSR entry, which Vitest compiles like any other module.
 */
export function sourceSsr(): SsrSource {
  const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  return {
    template: async () => template,
    render: async () => (await import('#client/entry-server.tsx')).render,
  };
}

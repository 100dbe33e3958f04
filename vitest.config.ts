import { defineConfig, mergeConfig } from 'vitest/config';
import type { UserConfig } from 'vite';
import viteConfig from './vite.config.ts';

const unit = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  // Races need several real connections, and several server processes a database server they share: those files run on PostgreSQL only.
  exclude: ['**/*.race.test.ts', '**/*.pg.test.ts', '**/node_modules/**'],
};
const server = { include: ['src/server/**/*.test.ts'], exclude: ['**/node_modules/**'] };

/**
 * Unit and API tests. The API suite runs on embedded PGlite always, and once more on a
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 *
 * Two workers (both cores), and each worker imports the app once for all its files
 * (`isolate: false`): every file builds its own app on its own database copy and data folder
 * (tests/helpers), so what a file keeps is its app, not module state. No file mocks a module
 * (`vi.mock` would reach every later file of its worker). The workers are threads of one process,
 * not processes: the same tests took 4–7 % less CPU (docs/decisions/026).
 */
const project = (name: string, files: { include: string[]; exclude: string[] }, env: Record<string, string>) => ({
  extends: true as const,
  test: { name, include: files.include, exclude: files.exclude, isolate: false, env },
});

export default mergeConfig(
  viteConfig as UserConfig,
  defineConfig({
    test: {
      globalSetup: ['tests/helpers/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'threads',
      maxWorkers: 2,
      projects: [
        project('pglite', unit, { TEST_DB_KIND: 'pglite' }),
        ...(process.env.TEST_DATABASE_URL ? [project('postgres', server, { TEST_DB_KIND: 'postgres' })] : []),
      ],
    },
  }),
);

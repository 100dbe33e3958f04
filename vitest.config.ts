import { defineConfig, mergeConfig } from 'vitest/config';
import type { UserConfig } from 'vite';
import viteConfig from './vite.config.ts';

const unit = {
  include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
  // Races need several real connections: those files run on the PostgreSQL server only.
  exclude: ['**/*.race.test.ts', '**/node_modules/**'],
};

/**
 * Unit and API tests. The API suite runs on embedded PGlite always, and once more on a
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
export default mergeConfig(
  viteConfig as UserConfig,
  defineConfig({
    test: {
      globalSetup: ['tests/helpers/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      projects: [
        { extends: true, test: { name: 'pglite', ...unit, env: { TEST_DB_KIND: 'pglite' } } },
        ...(process.env.TEST_DATABASE_URL
          ? [{ extends: true as const, test: { name: 'postgres', include: ['src/server/**/*.test.ts'], env: { TEST_DB_KIND: 'postgres' } } }]
          : []),
      ],
    },
  }),
);

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import type { App } from '#server/core/app-types.ts';
import { createTestApp, type TestContext } from './test-app.ts';
import { testConfig } from './test-config.ts';
import { startS3, type S3StandIn } from '../stand-ins/s3.ts';

type TwoMachines = {
  /** The first machine, with the database, its clock and mail. */
  first: TestContext;
  /** The second machine: the same database and clock, its own DATA_DIR. */
  second: App;
  firstDir: string;
  secondDir: string;
  close: () => Promise<void>;
};

/**
 * Two app instances on one database, each with a DATA_DIR of its own, as two machines behind a
 * balancer (the same `env` for both). Jobs run where a test drains them.
 */
async function startTwoMachines(env: Record<string, string>, name: string): Promise<TwoMachines> {
  const firstDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-a-`));
  const secondDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-b-`));
  const first = await createTestApp({ ...env, DATA_DIR: firstDir });
  const second = await buildApp({
    config: testConfig({ ...env, DATA_DIR: secondDir }),
    database: first.database,
    mailer: { kind: 'file', send: async () => {} },
    clock: first.clock.now,
  });
  await second.ready();
  return {
    first,
    second,
    firstDir,
    secondDir,
    close: async () => {
      await second.close();
      await first.close();
      fs.rmSync(firstDir, { recursive: true, force: true });
      fs.rmSync(secondDir, { recursive: true, force: true });
    },
  };
}

export type BucketMachines = TwoMachines & { s3: S3StandIn };

/**
 * Two machines on the S3 stand-in's buckets, the closed one (S3_PRIVATE_BUCKET, docs/decisions/039)
 * shared as behind a balancer; closing them stops the stand-in too.
 */
export async function startBucketMachines(name: string): Promise<BucketMachines> {
  const s3 = await startS3();
  const machines = await startTwoMachines(s3.env(), name);
  return {
    ...machines,
    s3,
    close: async () => {
      await machines.close();
      await s3.stop();
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Mailer } from '../../mail/transport.ts';

/** What the importer's services and jobs work with (the app's deps, its job runner and log). */
export type ImportDeps = {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: () => Date;
  jobs: JobRunner;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export const CHECK_JOB = 'supplier-import.check';
export const APPLY_JOB = 'supplier-import.apply';
export const SCHEDULED_JOB = 'supplier-import.scheduled';

export type ImportJobPayload = { importId: number };

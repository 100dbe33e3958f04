import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import type { JobRunner } from '../../jobs/runner.ts';

/** What the exchange's handlers and jobs work with (the catalogue's here, the orders' in sale/). */
export type ExchangeDeps = {
  db: Db;
  config: Config;
  clock: () => Date;
  jobs: JobRunner;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

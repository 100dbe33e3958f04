/** Background jobs (imports, scraping) as the job engine keeps them and the screens follow them. */
export const JOB_STATUSES = ['queued', 'running', 'paused', 'stopped', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job as GET /api/admin/jobs/:id answers it. */
export type JobView = {
  id: number;
  kind: string;
  status: JobStatus;
  progressDone: number;
  /** 0 until the job knows how much there is. */
  progressTotal: number;
  /** What the job's handler returned (e.g. an import's summary). */
  result: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

/** A job still on its way: a screen keeps asking about it. */
export const isJobActive = (status: JobStatus) => status === 'queued' || status === 'running';

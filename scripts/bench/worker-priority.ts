import os from 'node:os';

/** `Nice=` of deploy/shop-worker.service: the benchmarks run the worker as it is deployed. */
const WORKER_NICE = 10;

export const asDeployedWorker = (pid: number) => os.setPriority(pid, WORKER_NICE);

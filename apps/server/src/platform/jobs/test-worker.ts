/**
 * A second server copy's job worker, as its own process, for queue.test.ts to kill -9 mid-job:
 * `tsx test-worker.ts <postgres url>`. Prints "ready" once its queue runs.
 */
import { openPostgres } from '../db/index.ts';
import { createJobQueue } from './queue.ts';
import { writeItems } from './test-kinds.ts';

const url = process.argv[2];
if (!url) throw new Error('usage: test-worker.ts <postgres url>');
const database = await openPostgres(url, 4);
const queue = createJobQueue(database, {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  sweepIntervalSeconds: 1,
});
queue.define('test-write-killable', writeItems(), {
  retryLimit: 2,
  retryDelaySeconds: 1,
  expireInSeconds: 3,
});
await queue.start();
console.info('ready');

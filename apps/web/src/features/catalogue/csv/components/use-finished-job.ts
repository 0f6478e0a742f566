import type { JobDto } from '@music-review/core/contracts/jobs';
import { isFinishedJob } from '@music-review/core/jobs';
import { useEffect, useRef } from 'react';
import { useCsvJob } from '../api/get-csv-job';

/** Follows a job; `onFinished` runs once when it has ended (succeeded, failed or cancelled). */
export function useFinishedJob(jobId: string, onFinished: (job: JobDto) => void) {
  const query = useCsvJob(jobId);
  const handler = useRef(onFinished);
  handler.current = onFinished;
  const done = useRef(false);
  const job = query.data;
  useEffect(() => {
    if (job && isFinishedJob(job.status) && !done.current) {
      done.current = true;
      handler.current(job);
    }
  }, [job]);
  return query;
}

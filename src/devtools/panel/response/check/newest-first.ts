/**
 * Runs one job at a time, the newest first. A job submitted while another runs stops it and goes ahead; the
 * stopped one waits and runs again afterwards (from the start: a worker's work cannot be paused), so every shown
 * response is compared in the end and the one just received is compared first. At most `maxWaiting` jobs wait:
 * the oldest beyond that is refused with a message saying why, rather than queueing without bound.
 */
export interface Started<Result> {
  result: Promise<Result>;
  stop(): void;
}

interface Entry<Job, Result> {
  job: Job;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  running?: Started<Result>;
}

export function newestFirst<Job, Result>(
  start: (job: Job) => Started<Result>,
  maxWaiting = 4,
): (job: Job) => Promise<Result> {
  let current: Entry<Job, Result> | undefined;
  const waiting: Entry<Job, Result>[] = [];

  const run = (entry: Entry<Job, Result>) => {
    current = entry;
    let started: Started<Result>;
    try {
      started = start(entry.job);
    } catch (error) {
      started = { result: Promise.reject(error), stop() {} };
    }
    entry.running = started;
    started.result.then(
      (result) => finish(entry, started, () => entry.resolve(result)),
      (error: unknown) =>
        finish(entry, started, () => entry.reject(error instanceof Error ? error : new Error(String(error)))),
    );
  };

  const finish = (entry: Entry<Job, Result>, started: Started<Result>, settle: () => void) => {
    // A stopped run's outcome (an error from its ended worker) is not the job's: it runs again, or ran already.
    if (entry.running !== started) return;
    entry.running = undefined;
    settle();
    current = undefined;
    const next = waiting.pop();
    if (next) run(next);
  };

  return (job) =>
    new Promise<Result>((resolve, reject) => {
      const entry: Entry<Job, Result> = { job, resolve, reject };
      if (current) {
        const stopped = current;
        stopped.running?.stop();
        stopped.running = undefined;
        waiting.push(stopped);
        if (waiting.length > maxWaiting) {
          const dropped = waiting.shift();
          dropped?.reject(
            new Error(`Not compared: ${maxWaiting + 1} newer responses came in while it waited; send it again.`),
          );
        }
      }
      run(entry);
    });
}

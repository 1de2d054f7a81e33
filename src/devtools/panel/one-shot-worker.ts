/**
 * Runs one job in a new Web Worker, ended with its first reply: pretty-printing a large body, importing a
 * collection. `start` builds the worker at the caller (vite bundles a worker script only from a
 * `new Worker(new URL('./x.worker.ts', import.meta.url), …)` written there). Where no worker can start (Node's
 * tests, a worker script the browser refused), `here` does the same job on the page. `read` turns the reply into
 * the result, or throws the job's own failure. `part`, when given, takes the messages that come before the reply (a
 * large result sent in pieces, each message its own task on the page) and says whether it kept one.
 */
export function inOneShotWorker<Reply, Result>(
  start: () => Worker,
  message: unknown,
  read: (reply: Reply) => Result,
  here: () => Result | Promise<Result>,
  part?: (message: unknown) => boolean,
): Promise<Result> {
  if (typeof Worker === 'undefined') return Promise.resolve().then(here);
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = start();
    } catch {
      Promise.resolve().then(here).then(resolve, reject);
      return;
    }
    worker.onmessage = (event: MessageEvent<Reply>) => {
      if (part?.(event.data)) return;
      worker.terminate();
      try {
        resolve(read(event.data));
      } catch (error) {
        reject(error);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      Promise.resolve().then(here).then(resolve, reject);
    };
    worker.postMessage(message);
  });
}

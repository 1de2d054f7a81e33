/**
 * One Chromium the call rows drive two ways in turn, in one run: through Playwright (connected over CDP, as every
 * e2e test and the rest of the bench drive a browser), and through a bare DevTools pipe that only evaluates
 * scripts in one page. Playwright attaches to every page and to the extension's service worker and turns on their
 * Network domain: each request either of them makes is reported, event by event, to this process, which also runs
 * the sandbox that answers it. The pipe enables no domain on any target, so no request is watched; it is what
 * leaves the worker's calls and the page's own fetches to compete on equal terms (call-overhead.ts).
 *
 * The browser is started here (child_process) with both a DevTools port, which Playwright connects to for the
 * sign-in and the watched rounds and leaves between them, and a pipe (fds 3 and 4, NUL-separated JSON), which
 * stays. Both listen on loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { type Browser, chromium } from 'playwright-core';
import {
  describeLaunched,
  extensionArgs,
  findChromium,
  type LaunchedExtension,
  type LaunchOptions,
  makeProfile,
} from '../test/e2e/support/launch-extension.ts';

/** Runs `fn(arg)` in a page and resolves with what it resolved (values only: it crosses as JSON). */
export type Evaluate = <A, R>(fn: (arg: A) => Promise<R>, arg: A) => Promise<R>;

export interface TwoWayChromium {
  /** The browser as Playwright drives it (for the sign-in and the first page set-up). */
  launch(options?: LaunchOptions): Promise<LaunchedExtension>;
  /** Evaluates in the page at `url` through the pipe alone. */
  bare(url: string): Promise<Evaluate>;
  /** Connects Playwright again (it attaches to every target as at launch) and evaluates in the page at `url`. */
  watched(url: string): Promise<Evaluate>;
  /** Disconnects Playwright, which detaches from every target: no Network domain stays enabled. */
  unwatch(): Promise<void>;
  /** The bare pipe itself (a probe's tracing). */
  pipe(): Pipe;
  /** The browser process's id (its CPU, with its children's: process-cpu.ts). */
  pid(): number | undefined;
}

export interface Pipe {
  send<T>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Events (of the domains something enabled on the pipe): `method` and `params`, as they come. */
  onEvent?: (method: string, params: unknown) => void;
}

function openPipe(child: ChildProcess): Pipe {
  const write = child.stdio[3] as Writable;
  const read = child.stdio[4] as Readable;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  let buffered = '';
  read.setEncoding('utf8');
  read.on('data', (text: string) => {
    buffered += text;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as {
        id?: number;
        result?: unknown;
        error?: unknown;
        method?: string;
        params?: unknown;
      };
      buffered = buffered.slice(end + 1);
      if (message.method) pipe.onEvent?.(message.method, message.params);
      const pending = message.id === undefined ? undefined : waiting.get(message.id);
      if (!pending || message.id === undefined) continue;
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(`CDP: ${JSON.stringify(message.error)}`));
      else pending.resolve(message.result);
    }
  });
  const pipe: Pipe = {
    send<T>(method: string, params: object = {}, sessionId?: string) {
      const id = ++lastId;
      write.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      return new Promise<T>((resolve, reject) => waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    },
  };
  return pipe;
}

function devToolsEndpoint(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (found) {
        child.stderr?.off('data', onData);
        child.stderr?.resume(); // keep draining: a full stderr pipe would block the browser
        resolve(found[1]!);
      }
    };
    child.stderr?.on('data', onData);
    // A browser that neither listens nor exits must not hang the run (bench/lifecycle.ts closes it).
    setTimeout(() => reject(new Error(`Chromium did not listen within 60 s: ${seen.slice(-500)}`)), 60_000).unref();
    child.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before it listened: ${seen.slice(-500)}`)),
    );
  });
}

export function twoWayChromium(): TwoWayChromium {
  let child: ChildProcess | undefined;
  let pipe: Pipe | undefined;
  let endpoint = '';
  let connected: Browser | undefined;
  const sessions = new Map<string, string>();

  const pageEvaluate =
    (browser: Browser, url: string): Evaluate =>
    (fn, arg) => {
      const page = browser
        .contexts()
        .flatMap((context) => context.pages())
        .find((candidate) => candidate.url() === url);
      if (!page) throw new Error(`no page at ${url}`);
      return page.evaluate(fn as (arg: unknown) => Promise<never>, arg);
    };

  const unwatch = async () => {
    const browser = connected;
    connected = undefined;
    await browser?.close(); // over CDP: disconnects and leaves the browser and its default context's pages
  };

  return {
    async launch(options = {}) {
      const { args, isOurs } = await extensionArgs(options);
      const folders = await makeProfile();
      child = spawn(
        findChromium(),
        [
          ...args,
          '--headless',
          `--user-data-dir=${folders.userDataDir}`,
          '--remote-debugging-address=127.0.0.1',
          '--remote-debugging-port=0',
          '--remote-debugging-pipe',
          // As Playwright launches it: no timer throttling or backgrounding of pages nobody looks at.
          '--disable-background-timer-throttling',
          '--disable-backgrounding-occluded-windows',
          '--disable-renderer-backgrounding',
          'about:blank',
        ],
        { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
      );
      const started = child;
      const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
      try {
        endpoint = await devToolsEndpoint(started);
        pipe = openPipe(started);
        connected = await chromium.connectOverCDP(endpoint);
        const context = connected.contexts()[0];
        if (!context) throw new Error('Chromium has no default context');
        return await describeLaunched(context, folders, isOurs, async () => {
          await unwatch().catch(() => undefined);
          started.kill();
          await exited;
        });
      } catch (error) {
        started.kill();
        throw error;
      }
    },
    async bare(url) {
      if (!pipe) throw new Error('Chromium is not running');
      const link = pipe;
      let sessionId = sessions.get(url);
      if (!sessionId) {
        const { targetInfos } = await link.send<{ targetInfos: { targetId: string; type: string; url: string }[] }>(
          'Target.getTargets',
        );
        const target = targetInfos.find((info) => info.type === 'page' && info.url === url);
        if (!target) throw new Error(`no page at ${url}`);
        ({ sessionId } = await link.send<{ sessionId: string }>('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: true,
        }));
        sessions.set(url, sessionId);
      }
      const session = sessionId;
      return async (fn, arg) => {
        const { result, exceptionDetails } = await link.send<{
          result: { value: unknown };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>(
          'Runtime.evaluate',
          { expression: `(${fn.toString()})(${JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true },
          session,
        );
        if (exceptionDetails)
          throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text ?? 'evaluation failed');
        return result.value as never;
      };
    },
    async watched(url) {
      connected ??= await chromium.connectOverCDP(endpoint);
      return pageEvaluate(connected, url);
    },
    unwatch,
    pipe() {
      if (!pipe) throw new Error('Chromium is not running');
      return pipe;
    },
    pid: () => child?.pid,
  };
}

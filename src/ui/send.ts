import browser, { type Runtime } from 'webextension-polyfill';
import { CALL_PORT_NAME, type CallAnswer, type CallFrame, type PageFrame } from '../core/call-port.ts';
import { KeyholeError } from '../core/errors.ts';
import type {
  Envelope,
  MessageName,
  Reply,
  RequestOf,
  ResponseOf,
  SendRequest,
  SendResponse,
} from '../core/protocol.ts';
import type { DeliveryFailure } from '../core/worker-delivery.ts';
import { PAGE_KEY } from './page-key.ts';

/**
 * The only way a page talks to the worker. Typed by the protocol, so a wrong name or payload does not compile.
 * Errors come back as data and are rethrown here as KeyholeError for the UI to show as they are.
 */
export async function send<K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
): Promise<ResponseOf<K>> {
  const envelope: Envelope<K> = { keyhole: 1, name, request: args[0] as RequestOf<K> };
  const reply = await deliver<ResponseOf<K>>(envelope);
  if (!reply.ok) throw new KeyholeError(reply.error.code, reply.error.message, reply.error);
  // A large body stays in the worker until asked for: only pages that send calls load that code (popup budget).
  if (name === 'request/send' && (reply.value as SendResponse).bodyRef) {
    const { fetchHeldBody } = await import('./held-body.ts');
    await fetchHeldBody(reply.value as SendResponse, send, (args[0] as SendRequest).requestId);
  }
  return reply.value;
}

/**
 * Sends one message, riding out a worker restart (src/core/worker-delivery.ts): a call that never reached the worker,
 * or one that changes nothing, goes again once the worker is back; one that may have changed something is not
 * repeated, and says so.
 */
async function deliver<T>(envelope: Envelope<MessageName>): Promise<Reply<T>> {
  for (let attempt = 0; ; attempt++) {
    let failure: DeliveryFailure;
    try {
      const reply = (await call(envelope)) as Reply<T> | undefined;
      if (reply) return reply;
      failure = { kind: 'no-listener' };
    } catch (error) {
      if (error instanceof KeyholeError) throw error;
      failure = { kind: 'rejected', detail: error instanceof Error ? error.message : String(error) };
    }
    // Only a worker restart gets here: its rules load then, so the pages' first load stays small (popup budget).
    const { mayResend, outcomeUnknown, RETRY_DELAYS_MS, workerSilent } = await import('../core/worker-delivery.ts');
    if (!mayResend(envelope.name, envelope.request, failure)) {
      throw outcomeUnknown(envelope.name, envelope.request, failure.kind === 'rejected' ? failure.detail : '');
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) throw workerSilent(envelope.name, failure);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

type Call = (envelope: Envelope<MessageName>) => Promise<Reply<unknown> | undefined>;

/** This page's line to the worker (core/call-port.ts), opened on first use and again after the worker stopped. */
let line: Call | undefined;

function call(envelope: Envelope<MessageName>): Promise<Reply<unknown> | undefined> {
  line ??= openLine();
  return line(envelope);
}

/** A line's own way to the worker, beside its port (ui/worker-channel.ts); calls then go and come back on it. */
export type LineChannel = Pick<Runtime.Port, 'postMessage' | 'onMessage'>;
/** Lines opened from now on take their calls to the worker on `open()`'s channel, where it gives one. */
export const lineChannel: { open?: () => LineChannel | undefined } = {};

function openLine(): Call {
  const port = browser.runtime.connect({ name: CALL_PORT_NAME });
  // The port stays open as the line's liveness: it closes when the worker stops, failing every call under way.
  const out = lineChannel.open?.() ?? port;
  // First, this page's key: the bodies the worker holds for its calls go to it only (core/page-key.ts). A port just
  // opened takes it (one the worker refuses closes later, and the call below then finds it so).
  out.postMessage({ page: PAGE_KEY } satisfies PageFrame);
  const waiting = new Map<number, { resolve(reply: Reply<unknown> | undefined): void; reject(error: Error): void }>();
  let lastId = 0;
  const ownCall: Call = (envelope) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      waiting.set(id, { resolve, reject });
      try {
        out.postMessage({ id, envelope } satisfies CallFrame);
      } catch (error) {
        waiting.delete(id);
        const reason = error instanceof Error ? error.message : String(error);
        // A message the browser will not carry (over 64 MB in Chromium) went nowhere, and would not on any port.
        if (!/disconnected/i.test(reason)) {
          const message = 'Too large to hand to Keyhole’s background worker: nothing was sent.';
          reject(new KeyholeError('too-large', message, { detail: reason }));
          return;
        }
        // The port closed before this was posted: it went nowhere, so it may go again (as "no listener").
        if (line === ownCall) line = undefined;
        resolve(undefined);
      }
    });
  out.onMessage.addListener((message: unknown) => {
    const answer = message as CallAnswer;
    waiting.get(answer.id)?.resolve(answer.reply);
    waiting.delete(answer.id);
  });
  port.onDisconnect.addListener(() => {
    if (line === ownCall) line = undefined;
    // "Receiving end does not exist": the worker never took the port, so nothing posted on it ran. Otherwise the
    // worker stopped with these calls under way: they may have run (worker-delivery.ts tells the two apart).
    const reason = browser.runtime.lastError?.message ?? (port as { error?: Error }).error?.message;
    const error = new Error(reason ?? 'The message port closed before a response was received.');
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  });
  return ownCall;
}

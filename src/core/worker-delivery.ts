import { KeyholeError } from './errors.ts';
import type { MessageName, SendRequest } from './protocol.ts';

/**
 * What a page does when a message to the background worker fails, as MV3 restarts the worker at any time.
 * Chromium says two different things, and they mean different things for whether the call ran:
 *
 * - the call never reached a listener ("Receiving end does not exist", or a reply of `undefined`, which is what a
 *   message gets when no listener took it, e.g. one dispatched while the worker was starting or being stopped):
 *   nothing ran, so any call can be sent again once the worker is back;
 * - the call reached the worker, which stopped before answering ("message channel closed", "message port closed"):
 *   it may have run. Reads are sent again; a call that changes something is not, and the user is told the truth.
 */

/** Waits between attempts, so a restarting worker (≈50 ms) is given about 3 s in all before the page gives up. */
export const RETRY_DELAYS_MS = [25, 50, 100, 200, 400, 800, 1600] as const;

const NEVER_DELIVERED = /receiving end does not exist|could not establish connection/i;

/** Messages that change nothing: sending one twice is the same as sending it once. */
const READ_ONLY = new Set<MessageName>([
  'session/status',
  'profiles/list',
  'identity/redirect-url',
  'request/cancel',
  'request/held-body',
  'request/curl',
  'vault/status',
]);

/** RFC 9110 §9.2.1 safe methods; OPTIONS is left out, as servers route it like any other call. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export type DeliveryFailure = { kind: 'no-listener' } | { kind: 'rejected'; detail: string };

/** Whether the same message may simply be sent again once the worker answers. */
export function mayResend(name: MessageName, request: unknown, failure: DeliveryFailure): boolean {
  if (failure.kind === 'no-listener' || NEVER_DELIVERED.test(failure.detail)) return true;
  if (name === 'request/send') return SAFE_METHODS.has(String((request as SendRequest).method).toUpperCase());
  return READ_ONLY.has(name);
}

/** The call reached the worker, which stopped before answering: say what may have happened, and what to do. */
export function outcomeUnknown(name: MessageName, request: unknown, detail: string): KeyholeError {
  if (name === 'request/send') {
    const { method, path } = request as SendRequest;
    return new KeyholeError(
      'outcome-unknown',
      `Keyhole’s background worker restarted while ${String(method).toUpperCase()} ${path} was under way, so there ` +
        'is no answer. It may have been applied — check before retrying (for instance, open the resource).',
      { detail },
    );
  }
  return new KeyholeError(
    'outcome-unknown',
    'Keyhole’s background worker restarted before it finished this, so it may or may not have been done — ' +
      'check before trying again.',
    { detail },
  );
}

/** The worker stayed silent through every attempt: it is not a matter of a restart any more. */
export function workerSilent(name: MessageName, failure: DeliveryFailure): KeyholeError {
  const seconds = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) / 1000;
  return new KeyholeError(
    'internal',
    `Keyhole’s background worker did not take “${name}” in about ${Math.round(seconds)} s of trying. Reload the extension ` +
      '(chrome://extensions) and try again.',
    { detail: failure.kind === 'rejected' ? failure.detail : 'No listener answered the message.' },
  );
}

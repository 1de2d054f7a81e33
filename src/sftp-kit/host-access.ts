/**
 * The answer to a run-time host permission request, what to tell the user about it, and how a call waits
 * for it. No browser API here: the request itself is in host-permission.ts.
 */
import { KeyholeError } from '../core/errors.ts';

export type HostAccess = 'granted' | 'refused' | 'pending' | 'unavailable';

/** Long enough for an already-granted permission to answer, short enough not to be noticed. */
export const PROMPT_GRACE_MS = 400;
/** How long a call that failed without access waits for the user to answer the browser's prompt. */
export const PROMPT_WAIT_MS = 120_000;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * What to tell the user when access is not (yet) granted; null when there is nothing to say. `succeeded`
 * says the call went through anyway, so the note explains why instead of asking to retry.
 */
export function describeHostAccess(access: HostAccess, url: string, succeeded = false): string | null {
  const origin = originOf(url);
  if (succeeded && access !== 'granted') {
    if (access === 'pending') {
      return `The browser’s prompt to let Keyhole access ${origin} is still open. This call worked without it (that server allows cross-origin calls); allowing access makes it work even if that changes.`;
    }
    return access === 'refused'
      ? `The browser did not allow Keyhole to access ${origin}, but this call worked anyway (that server allows cross-origin calls).`
      : null;
  }
  switch (access) {
    case 'granted':
      return null;
    case 'refused':
      return `The browser did not allow Keyhole to access ${origin}. Keyhole tried anyway: this works only if that server allows it (CORS). If the call fails, click again and allow access.`;
    case 'pending':
      return `The browser is asking whether Keyhole may access ${origin}: answer its prompt. Keyhole is trying meanwhile, and tries again once you allow it.`;
    default:
      return `Keyhole could not ask the browser for access to ${origin}. It tried anyway: if the call fails, allow access to that site in the extension’s settings, then retry.`;
  }
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

/**
 * Runs `call` without waiting on a prompt the user has not answered: it is tried at once (CORS may allow it),
 * and if it fails for lack of access while the prompt is still open, it is tried again when the user allows.
 * `report` hears each state, so the page can say what is going on.
 */
export async function withHostAccess<T>(
  access: Promise<HostAccess>,
  call: () => Promise<T>,
  report: (access: HostAccess) => void,
  timing: { graceMs?: number; waitMs?: number } = {},
): Promise<T> {
  const early = await Promise.race([access, delay(timing.graceMs ?? PROMPT_GRACE_MS, 'pending' as const)]);
  report(early);
  if (early === 'granted') return call();
  try {
    return await call();
  } catch (error) {
    const blocked = error instanceof KeyholeError && error.code === 'network';
    if (early !== 'pending' || !blocked) throw error;
    const answer = await Promise.race([access, delay(timing.waitMs ?? PROMPT_WAIT_MS, 'pending' as const)]);
    report(answer);
    if (answer !== 'granted') throw error;
    return call();
  }
}

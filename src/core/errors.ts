/**
 * Errors are data: one shape with a stable code and a human message, created where the problem is known
 * and shown as is by the UI. It crosses the message boundary between worker and pages unchanged.
 */
export type ErrorCode =
  | 'not-configured'
  | 'invalid-input'
  | 'invalid-path'
  | 'origin-refused'
  | 'permission-missing'
  | 'not-signed-in'
  | 'session-expired'
  | 'sign-in-cancelled'
  | 'sign-in-failed'
  | 'callback-mismatch'
  | 'csrf-mismatch'
  | 'signature-refused'
  | 'clock-skew'
  | 'forbidden'
  | 'not-found'
  | 'http-error'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'too-large'
  | 'malformed-response'
  | 'invalid-credential'
  | 'invalid-mfa-code'
  | 'conflict'
  /** A multi-step setup stopped halfway; `detail` names what exists now (e.g. a consumer key). */
  | 'setup-incomplete'
  /** The passphrase lock is on and the vault is locked: the user must unlock it before a secret is used. */
  | 'vault-locked'
  /** The passphrase given to unlock or change the lock is not the one set. */
  | 'wrong-passphrase'
  /**
   * The background worker stopped (MV3 restart) after it received a call that changes something, before it
   * answered: the change may or may not have been made. Never retried blindly; the user checks first.
   */
  | 'outcome-unknown'
  /** Stored records are still being brought to this build's format (an update's migrations): nothing was done. */
  | 'storage-updating'
  | 'internal';

export interface KeyholeErrorData {
  code: ErrorCode;
  /** One or two sentences a user can act on. Never contains a secret. */
  message: string;
  /** Optional technical detail (server message, status line). Never contains a secret. */
  detail?: string;
  status?: number;
}

export class KeyholeError extends Error {
  readonly code: ErrorCode;
  readonly detail?: string;
  readonly status?: number;

  constructor(code: ErrorCode, message: string, extra: { detail?: string; status?: number } = {}) {
    super(message);
    this.name = 'KeyholeError';
    this.code = code;
    if (extra.detail !== undefined) this.detail = extra.detail;
    if (extra.status !== undefined) this.status = extra.status;
  }

  toData(): KeyholeErrorData {
    const data: KeyholeErrorData = { code: this.code, message: this.message };
    if (this.detail !== undefined) data.detail = this.detail;
    if (this.status !== undefined) data.status = this.status;
    return data;
  }
}

/** Turns anything thrown into error data; unknown errors keep only their message. */
export function toErrorData(error: unknown): KeyholeErrorData {
  if (error instanceof KeyholeError) return error.toData();
  if (error instanceof Error) return { code: 'internal', message: error.message };
  return { code: 'internal', message: String(error) };
}

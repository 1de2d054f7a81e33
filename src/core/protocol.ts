/**
 * The one message contract between extension pages and the background worker.
 *
 * Each entry maps a message name to its request and response. The worker's handler map is typed by
 * `ProtocolHandlers` and every page calls `send(name, request)` (src/ui/send.ts), so the compiler checks
 * both ends. Nothing in a response ever carries a consumer secret, token secret or API token value.
 */
import type { KeyholeErrorData } from './errors.ts';
import type { SignatureDebug, SignatureMethod } from './oauth1/types.ts';

export type { SignatureMethod };

/** Where the OAuth token endpoints take their parameters: a form body or the `_query` variant. */
export type TokenEndpointVariant = 'form' | 'query';

export type ProfilePreset = 'real' | 'sandbox' | 'custom';

/** What a page may know about a profile. Secrets are reduced to "is one stored". */
export interface ProfileView {
  id: string;
  name: string;
  preset: ProfilePreset;
  apiBaseUrl: string;
  bridgeUrl: string;
  consumerKey: string;
  hasConsumerSecret: boolean;
  signatureMethod: SignatureMethod;
  tokenEndpoint: TokenEndpointVariant;
  /** Console address used for "open in console" links; optional for custom hosts. */
  consoleUrl?: string;
}

/** What a page sends to create or update a profile. An omitted secret keeps the stored one. */
export interface ProfileInput {
  id?: string;
  name: string;
  preset: ProfilePreset;
  apiBaseUrl: string;
  bridgeUrl: string;
  consumerKey: string;
  consumerSecret?: string;
  signatureMethod: SignatureMethod;
  tokenEndpoint: TokenEndpointVariant;
  consoleUrl?: string;
}

export interface SessionUser {
  id: string;
  email: string;
  name?: string;
  avatar?: string;
}

/**
 * A profile's session. `bridgeToken` names the API token bridge calls use, in whatever state it is (bridge calls
 * use it independently of the OAuth session; sign-out stops using it). A signed-in `lastError` is a failed new
 * sign-in that left the working session in place.
 */
export type SessionStatus =
  | { state: 'unconfigured' }
  | { state: 'signed-out'; profile: ProfileView; lastError?: KeyholeErrorData; bridgeToken?: BridgeTokenView }
  | { state: 'signing-in'; profile: ProfileView; startedAt: string; bridgeToken?: BridgeTokenView }
  | {
      state: 'signed-in';
      profile: ProfileView;
      user: SessionUser;
      expiresAt: string;
      bridgeToken?: BridgeTokenView;
      lastError?: KeyholeErrorData;
    }
  | {
      state: 'expired';
      profile: ProfileView;
      user?: SessionUser;
      lastError?: KeyholeErrorData;
      bridgeToken?: BridgeTokenView;
    };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

export type RequestTarget = 'api' | 'bridge';

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'form'; fields: [string, string][] }
  | { kind: 'text'; contentType: string; text: string }
  /**
   * A file's bytes as they are (an avatar image): base64, since extension messages carry JSON. OAuth signs no such
   * body. History keeps only its name and type (`base64` empty): reopened, the file is picked again.
   */
  | { kind: 'bytes'; contentType: string; base64: string; fileName?: string };

/** How a bridge call authenticates: the chosen API token (Bearer) or the session's PLAINTEXT OAuth. */
export type BridgeAuth = 'token' | 'oauth-plaintext';

export interface SendRequest {
  target: RequestTarget;
  method: HttpMethod;
  /** Must start with /v2/ or /v4/ (or an allowed bridge path such as /api-tokens) after normalisation. */
  path: string;
  query?: [string, string][];
  headers?: [string, string][];
  body?: RequestBody;
  /**
   * Overrides the profile's signature method for this call (API target only). PLAINTEXT is allowed (the origin
   * is the profile's own, and the platform's CLI signs that way) but, like every PLAINTEXT or Bearer call, only
   * over https or to a loopback host: the worker refuses it otherwise (`origin-refused`).
   */
  signatureMethod?: SignatureMethod;
  bridgeAuth?: BridgeAuth;
  /** Lets the caller cancel the call with `request/cancel`. */
  requestId?: string;
  timeoutMs?: number;
  /** Bodies larger than this are cut and flagged `truncated` (default 50 MB; 256 MB for one streamed to a page). */
  maxBodyBytes?: number;
}

export type ResponseBody =
  | { kind: 'text'; text: string; truncated: boolean }
  | { kind: 'bytes'; base64: string; truncated: boolean };

export interface SendResponse {
  /** The URL that was called (no secrets: OAuth goes in the header). */
  url: string;
  method: HttpMethod;
  status: number;
  statusText: string;
  headers: [string, string][];
  contentType: string;
  /** Body size in bytes as received. */
  size: number;
  durationMs: number;
  body: ResponseBody;
  auth: 'oauth' | 'bearer' | 'none';
  /** Present for OAuth-signed calls: base string and parameters, secrets masked. */
  signature?: SignatureDebug;
  /** The clock offset (seconds) the worker applied after a skew retry, if any. */
  clockOffsetSeconds?: number;
  /** A GET or HEAD whose connection dropped before its answer was in, sent once more (signed afresh): this is that answer. */
  retriedAfterDrop?: true;
  /**
   * The worker's own time for this call (ms): from the message's arrival to this reply built, less the time on the
   * network (`durationMs`). Messaging to and from the page is not in it. Reported by `npm run bench`.
   */
  workerMs?: number;
  /**
   * Transport detail: a large body left in the worker, to fetch from `/__keyhole/body/<bodyRef>`. `send()`
   * fills `body` from it and removes the field, so pages never see it.
   */
  bodyRef?: string;
  /**
   * Transport detail: the body at `bodyRef` is streamed from upstream as the page reads it, so `size`, `durationMs`
   * and `body.truncated` are known only at its end (`/__keyhole/body/<bodyRef>/end`, or `HeldBody.end`). `send()`
   * fills them in and removes the field.
   */
  bodyStreamed?: true;
}

/** How a streamed body ended: the real size, whether the cap cut it, and the call's time to its last byte. */
export interface BodyEnd {
  size: number;
  truncated: boolean;
  durationMs: number;
}

/** The answer at `/__keyhole/body/<id>/end`: the end of a streamed body, or the error that cut it. */
export type HeldBodyEnd = { ok: true; end: BodyEnd } | { ok: false; error: KeyholeErrorData };

/** A body the worker held for `/__keyhole/body/`, handed over by message to a page the worker does not control. */
export type HeldBody = ({ kind: 'text'; text: string } | { kind: 'bytes'; base64: string }) & { end?: BodyEnd };

export interface BridgeTokenView {
  apiTokenId: string;
  name: string;
  expirationDate?: string;
}

export interface CurlRequest {
  request: SendRequest;
  /** Put the real Authorization header in the command (the user asked for it); HMAC signatures only. */
  reveal: boolean;
}

/**
 * How a copied curl command authenticates. `single-use`: an HMAC signature bound to its nonce and timestamp,
 * masked until revealed. `variables`: a reusable credential (PLAINTEXT secrets, a Bearer API token) that the
 * command reads from the named shell variables and never holds.
 */
export type CurlCredential =
  | { kind: 'single-use' }
  | { kind: 'variables'; scheme: 'plaintext' | 'bearer'; variables: string[] };

export interface CurlExport {
  command: string;
  /** True while an HMAC signature is hidden (Reveal shows it). */
  masked: boolean;
  credential: CurlCredential;
}

/** Creating an API token on the bridge (platform-notes.md). The password is sent once, never stored. */
export interface ApiTokenCreateRequest {
  email: string;
  password: string;
  mfaCode?: string;
  name: string;
  description?: string;
  /** ISO 8601 date-time; at most one year ahead. */
  expirationDate: string;
  /** The bridge to create it on; default: the active profile's (onboarding names it before any profile exists). */
  bridgeUrl?: string;
}

/** The one and only time a token value reaches a page: right after creation, to show it once. */
export interface ApiTokenCreated {
  apiToken: string;
  apiTokenId: string;
  name: string;
  description?: string;
  creationDate: string;
  expirationDate: string;
  state: string;
}

export interface UseBridgeTokenRequest {
  apiTokenId: string;
  /** Needed only for a token not created in this worker run (the user pastes it). */
  value?: string;
  name?: string;
  expirationDate?: string;
}

/** One-step onboarding (issue 11): create or reuse Keyhole's own consumer through the bridge. */
export interface OnboardingRequest {
  /**
   * A pasted API token, or omitted to use the token chosen for bridge calls, which is sent only to the bridge it was
   * created on or pasted for.
   */
  apiToken?: string;
  rights: string[];
  /** Create under this organisation instead of the personal space. */
  organisationId?: string;
  /** Keep the API token for bridge calls afterwards. */
  keepTokenForBridge: boolean;
  /** Profile addresses (defaults: the real platform). */
  apiBaseUrl?: string;
  bridgeUrl?: string;
  profileName?: string;
}

export interface OnboardingResult {
  profile: ProfileView;
  consumerKey: string;
  reused: boolean;
}

/** Why the vault is locked: the user locked it, it sat unused for the auto-lock time, or the worker restarted. */
export type VaultLockReason = 'manual' | 'idle' | 'worker-restarted';

/**
 * The passphrase lock as pages may see it (src/background/vault.ts). 'off': secrets are sealed under the device
 * key; 'locked'/'unlocked': under a key derived from the user's passphrase, held only in the worker's memory.
 */
export type VaultStatus =
  | { state: 'off' }
  | { state: 'unlocked'; autoLockMinutes: number }
  | { state: 'locked'; autoLockMinutes: number; reason: VaultLockReason; lockedAt?: string };

/** Turns the lock on (no `current`) or changes the passphrase (`current` is the one set now). */
export interface SetPassphraseRequest {
  current?: string;
  next: string;
  autoLockMinutes: number;
}

/** Message name → request and response. `undefined` means no payload. */
export interface Protocol {
  'session/status': { request: undefined; response: SessionStatus };
  'session/sign-in': { request: undefined; response: SessionStatus };
  'session/sign-out': { request: undefined; response: SessionStatus };
  'profiles/list': { request: undefined; response: { profiles: ProfileView[]; activeId: string | null } };
  'profiles/save': { request: ProfileInput; response: ProfileView };
  'profiles/delete': { request: { id: string }; response: { profiles: ProfileView[]; activeId: string | null } };
  'profiles/activate': { request: { id: string }; response: SessionStatus };
  /** Settings → Import all: adds profiles without secrets (never replaces one); the new ids, in order. */
  'profiles/import': { request: { profiles: ProfileInput[] }; response: { ids: string[] } };
  'identity/redirect-url': { request: undefined; response: { url: string } };
  'request/send': { request: SendRequest; response: SendResponse };
  'request/cancel': { request: { requestId: string }; response: { cancelled: boolean } };
  'request/held-body': { request: { bodyRef: string; kind: HeldBody['kind'] }; response: HeldBody };
  'request/curl': { request: CurlRequest; response: CurlExport };
  'tokens/create': { request: ApiTokenCreateRequest; response: ApiTokenCreated };
  'tokens/use-for-bridge': { request: UseBridgeTokenRequest; response: BridgeTokenView };
  'tokens/stop-using-for-bridge': { request: undefined; response: { cleared: boolean } };
  'onboarding/setup-consumer': { request: OnboardingRequest; response: OnboardingResult };
  'vault/status': { request: undefined; response: VaultStatus };
  'vault/unlock': { request: { passphrase: string }; response: VaultStatus };
  'vault/lock': { request: undefined; response: VaultStatus };
  'vault/set-passphrase': { request: SetPassphraseRequest; response: VaultStatus };
  'vault/remove-passphrase': { request: { current: string }; response: VaultStatus };
  'vault/set-auto-lock': { request: { autoLockMinutes: number }; response: VaultStatus };
  /** Forgotten passphrase: forgets every secret and the lock; profiles stay, every session is signed out. */
  'vault/reset': { request: undefined; response: VaultStatus };
}

export type MessageName = keyof Protocol;
export type RequestOf<K extends MessageName> = Protocol[K]['request'];
export type ResponseOf<K extends MessageName> = Protocol[K]['response'];

/** The envelope a page posts to the worker. */
export interface Envelope<K extends MessageName = MessageName> {
  keyhole: 1;
  name: K;
  request: RequestOf<K>;
}

/** The worker's reply: a value or error data, never a thrown exception across the boundary. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: KeyholeErrorData };

/** What a handler knows of the call besides its payload. */
export interface CallContext {
  senderUrl?: string;
  /**
   * The asking document itself, where the pages' URL cannot tell two apart (two panels are the same page): the key
   * the page registered on its call port (`page:…`, core/page-key.ts), or the browser's `sender.documentId` (`doc:…`).
   * A body held for a call goes only to the caller that made it.
   */
  caller?: string;
  /** performance.now() when the worker received the message: the call's own time is measured from it. */
  receivedAt?: number;
}

/** The worker implements exactly this. */
export type ProtocolHandlers = {
  [K in MessageName]: (request: RequestOf<K>, context: CallContext) => Promise<ResponseOf<K>>;
};

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { keyhole?: unknown }).keyhole === 1 &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

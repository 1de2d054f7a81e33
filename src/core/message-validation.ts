import { KeyholeError } from './errors.ts';
import { describeValue, isRecord, validateSendRequest } from './http/send-request-validation.ts';
import type { MessageName, RequestOf } from './protocol.ts';

/**
 * The worker's first check on every page message: the payload has the shape its handler expects. The
 * compiler requires one entry per message, so a new message cannot skip it. Checks are on types only (the
 * handlers check meaning: URLs, paths, dates), and fields a page may add later pass through untouched,
 * except `request/send` and `request/curl`, whose request is copied field by field.
 */

type Validator<K extends MessageName> = (payload: unknown) => RequestOf<K>;

function invalid(name: string, message: string): KeyholeError {
  return new KeyholeError('invalid-input', `Invalid ${name} message: ${message}`);
}

/** An object whose listed fields are strings (required) or absent/strings (optional). */
function objectWithStrings<K extends MessageName>(
  name: K,
  required: readonly string[],
  optional: readonly string[] = [],
): Validator<K> {
  return (payload) => {
    if (!isRecord(payload)) throw invalid(name, `expected an object, got ${describeValue(payload)}.`);
    for (const field of required)
      if (typeof payload[field] !== 'string')
        throw invalid(name, `“${field}” must be a string (got ${describeValue(payload[field])}).`);
    for (const field of optional)
      if (payload[field] !== undefined && typeof payload[field] !== 'string')
        throw invalid(name, `“${field}” must be a string when given (got ${describeValue(payload[field])}).`);
    return payload as RequestOf<K>;
  };
}

/** An imported profile carries no id (the worker gives one) and no secret (never exported). */
const IMPORTED_PROFILE = objectWithStrings(
  'profiles/import',
  ['name', 'preset', 'apiBaseUrl', 'bridgeUrl', 'consumerKey', 'signatureMethod', 'tokenEndpoint'],
  ['consoleUrl'],
);

/** Messages without a payload: whatever a page sends along is ignored. */
const nothing = () => undefined;

const VALIDATORS: { [K in MessageName]: Validator<K> } = {
  'session/status': nothing,
  'session/sign-in': nothing,
  'session/sign-out': nothing,
  'profiles/list': nothing,
  'profiles/save': objectWithStrings(
    'profiles/save',
    ['name', 'preset', 'apiBaseUrl', 'bridgeUrl', 'consumerKey', 'signatureMethod', 'tokenEndpoint'],
    ['id', 'consumerSecret', 'consoleUrl'],
  ),
  'profiles/delete': objectWithStrings('profiles/delete', ['id']),
  'profiles/activate': objectWithStrings('profiles/activate', ['id']),
  'profiles/import': (payload) => {
    const list = isRecord(payload) ? payload.profiles : undefined;
    if (!Array.isArray(list) || list.length > 100)
      throw invalid('profiles/import', '“profiles” must be a list of at most 100 profiles.');
    for (const item of list) IMPORTED_PROFILE(item);
    return payload as RequestOf<'profiles/import'>;
  },
  'identity/redirect-url': nothing,
  'request/send': (payload) => validateSendRequest(payload),
  'request/cancel': objectWithStrings('request/cancel', ['requestId']),
  'request/held-body': (payload) => {
    const checked = objectWithStrings('request/held-body', ['bodyRef', 'kind'])(payload);
    if (checked.kind !== 'text' && checked.kind !== 'bytes')
      throw invalid('request/held-body', '“kind” must be "text" or "bytes".');
    return checked;
  },
  'request/curl': (payload) => {
    if (!isRecord(payload)) throw invalid('request/curl', `expected an object, got ${describeValue(payload)}.`);
    if (payload.reveal !== undefined && typeof payload.reveal !== 'boolean')
      throw invalid('request/curl', '“reveal” must be true or false.');
    return { request: validateSendRequest(payload.request), reveal: payload.reveal === true };
  },
  'tokens/create': objectWithStrings(
    'tokens/create',
    ['email', 'password', 'name', 'expirationDate'],
    ['mfaCode', 'description', 'bridgeUrl'],
  ),
  'tokens/use-for-bridge': objectWithStrings(
    'tokens/use-for-bridge',
    ['apiTokenId'],
    ['value', 'name', 'expirationDate'],
  ),
  'tokens/stop-using-for-bridge': nothing,
  'onboarding/setup-consumer': (payload) => {
    const checked = objectWithStrings(
      'onboarding/setup-consumer',
      [],
      ['apiToken', 'organisationId', 'apiBaseUrl', 'bridgeUrl', 'profileName'],
    )(payload);
    // Array.from: a structured clone keeps a list's holes, which `every` would skip.
    if (!Array.isArray(checked.rights) || !Array.from(checked.rights).every((right) => typeof right === 'string'))
      throw invalid('onboarding/setup-consumer', '“rights” must be a list of right names.');
    if (typeof checked.keepTokenForBridge !== 'boolean')
      throw invalid('onboarding/setup-consumer', '“keepTokenForBridge” must be true or false.');
    return checked;
  },
  'vault/status': nothing,
  'vault/unlock': objectWithStrings('vault/unlock', ['passphrase']),
  'vault/lock': nothing,
  'vault/set-passphrase': (payload) => {
    const checked = objectWithStrings('vault/set-passphrase', ['next'], ['current'])(payload);
    return { ...checked, autoLockMinutes: minutes('vault/set-passphrase', checked.autoLockMinutes) };
  },
  'vault/remove-passphrase': objectWithStrings('vault/remove-passphrase', ['current']),
  'vault/set-auto-lock': (payload) => {
    if (!isRecord(payload)) throw invalid('vault/set-auto-lock', `expected an object, got ${describeValue(payload)}.`);
    return { autoLockMinutes: minutes('vault/set-auto-lock', payload.autoLockMinutes) };
  },
  'vault/reset': nothing,
};

/** An idle time in minutes (which ones are offered is the vault's own check). */
function minutes(name: MessageName, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw invalid(name, `“autoLockMinutes” must be a number of minutes (got ${describeValue(value)}).`);
  return value;
}

/**
 * The message name as one the worker handles. An own-property check: `__proto__`, `constructor` or
 * `toString` must never resolve to what every object inherits.
 */
export function isMessageName(name: string): name is MessageName {
  return Object.hasOwn(VALIDATORS, name);
}

/** The payload, checked for the message's shape; throws `invalid-input` naming what is wrong. */
export function validateMessage<K extends MessageName>(name: K, payload: unknown): RequestOf<K> {
  return (VALIDATORS[name] as Validator<K>)(payload);
}

import type { KeyholeErrorData } from '../errors.ts';
import { cutSecretAtEnd, MASK, maskedForms, sentForms } from '../http/hide-reusable.ts';
import { RESERVED_HEADERS } from '../http/request-guard.ts';
import type { SendRequest } from '../protocol.ts';
import {
  credentialOf,
  isHiddenPair,
  isRedacted,
  isSecretVariable,
  mapJsonStrings,
  REDACTED,
  secretsInUrl,
} from './redact-secrets.ts';
import type { CheckOutcomes } from './run/evaluate-checks.ts';

/**
 * A server may echo what it was sent (`Not Found: no endpoint GET /v2/self;access_token=…`, a `Location` header, an
 * error, an assertion quoting the body): history keeps the answer, so the secrets the stored request masks are
 * masked where the answer echoes them too, as the worker masks the credentials it signs with (hide-reusable.ts:
 * the same forms, the same mask, the same 8-character floor under which ordinary words would be garbled).
 */

/**
 * The request's values its stored copy masks (sanitizeRequest), and `alsoSecret` (a secret variable's value, filled
 * under any name), each in the forms a server may echo it: as typed
 * and trimmed (fetch trims a header's value), percent-decoded, encoded as the worker sends it and as other encoders
 * write it (sentForms), JSON-escaped as common serializers write it, and a `Bearer …` value's credential alone. A
 * value already masked (a record this build stored) and a secret inside a JSON or text request body (it has no one
 * place to be read from) are not among them.
 */
export function maskedRequestValues(request: SendRequest, alsoSecret: readonly string[] = []): string[] {
  const pairs = [
    ...(request.query ?? []),
    ...sentHeaders(request.headers ?? []),
    ...(request.body?.kind === 'form' ? request.body.fields : []),
  ];
  const values = [
    ...secretsInUrl(request.path, true),
    ...pairs.filter(([name, value]) => isHiddenPair(name, value)).map(([, value]) => value),
    ...alsoSecret,
  ];
  const forms = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    if (isRedacted(value)) continue;
    const credential = credentialOf(value);
    for (const secret of credential ? [value, credential] : [value]) {
      for (const form of new Set([secret, decoded(secret)])) {
        // A lone surrogate cannot be percent-encoded (it cannot have been sent that way either).
        let encoded = [form];
        try {
          encoded = sentForms([form]);
        } catch {
          // As typed only.
        }
        for (const one of [...encoded, ...jsonForms(form)]) forms.add(one);
      }
    }
  }
  return maskedForms([...forms]).sort((a, b) => b.length - a.length);
}

/**
 * A text inside a JSON string as serializers write it: escapes only where needed (JavaScript), `/` as `\/` (PHP),
 * non-ASCII as `\u00e4` (Python), `<`, `>` and `&` as `\u003c` (Go).
 */
function jsonForms(text: string): string[] {
  const plain = JSON.stringify(text).slice(1, -1);
  const unicode = (pattern: RegExp) => (escaped: string) =>
    escaped.replace(pattern, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [
    plain,
    plain.replaceAll('/', '\\/'),
    unicode(/[^\x20-\x7e]/g)(plain),
    unicode(/[<>&]/g)(unicode(/[\u2028\u2029]/g)(plain)),
  ];
}

/** The headers a call may send: those Keyhole sets itself (it signs) or the browser owns are not the user's. */
export function sentHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !RESERVED_HEADERS.has(name.trim().toLowerCase()));
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * A form that could also be read outside a JSON string (digits, a sign, `e`, `true`, structure, a quote): masked
 * there, it would make the answer invalid JSON (`"id": 9123456787` holding an OTP's digits).
 */
const OUTSIDE_JSON_STRINGS = /^[-+.\deE\s{}[\]:,truefalsn"]*$|"/;

/** The longest run of letters and digits in a form: no encoding or escape changes it, so its absence rules it out. */
function coreOf(form: string): string {
  let core = '';
  for (const [run] of form.matchAll(/[A-Za-z0-9]+/g)) if (run.length > core.length) core = run;
  return core;
}

/** The forms the text may hold: one search per distinct core, not one per form (a request's forms may be hundreds). */
function formsIn(text: string, forms: readonly string[]): string[] {
  const found = new Map<string, boolean>();
  return forms.filter((form) => {
    const core = coreOf(form);
    if (!found.has(core)) found.set(core, text.includes(core));
    return found.get(core) === true && text.includes(form);
  });
}

const replaceForms = (text: string, forms: readonly string[], mask = MASK) =>
  forms.reduce((masked, form) => (masked.includes(form) ? masked.replaceAll(form, mask) : masked), text);

/**
 * Every echo of those values in a text the server sent masked, one cut off at the text's end (a capped body)
 * included. In a JSON answer (`json`), a form that could be read outside its strings is masked only inside them.
 */
export function maskEchoes(text: string, forms: readonly string[], json = false): string {
  if (forms.length === 0) return text;
  const present = formsIn(text, forms);
  if (present.length === 0 && !cutSecretAtEnd(text.replace(/…$/, ''), forms)) return text;
  const risky = json ? present.filter((form) => OUTSIDE_JSON_STRINGS.test(form)) : [];
  let masked = replaceForms(
    text,
    present.filter((form) => !risky.includes(form)),
  );
  if (risky.some((form) => masked.includes(form)))
    masked = mapJsonStrings(masked, (content) => replaceForms(content, risky));
  // A message shortened for display (`got "…secret-he…"`) ends in an ellipsis after the secret's head.
  const ellipsis = masked.endsWith('…') ? '…' : '';
  const shown = ellipsis ? masked.slice(0, -1) : masked;
  const cut = cutSecretAtEnd(shown, forms);
  return cut ? shown.slice(0, -cut) + MASK + ellipsis : masked;
}

/** The values of the variables that are secrets (by their name, or a `Bearer …` value): kept masked wherever filled. */
export function secretVariableValues(values: Readonly<Record<string, string>>): string[] {
  return Object.entries(values)
    .filter(([name, value]) => value !== '' && isSecretVariable({ name, value }))
    .map(([, value]) => value);
}

/**
 * A stored request with the values of secret variables masked wherever they were filled: a header of any name
 * (`X-Db: {{dbPassword}}`), a path segment (`/v2/keys/{{apiToken}}`), a query, form or body value. Masked with
 * REDACTED (encoded in the path), as sanitizeRequest masks by name, so a reopened copy is refused at Re-send. A
 * field equal to such a value is masked whatever its length; inside a longer field, values of 8 or more characters.
 */
export function withSecretValuesMasked(request: SendRequest, secrets: readonly string[]): SendRequest {
  const values = [...new Set(secrets.filter((secret) => secret !== '' && !isRedacted(secret)))].sort(
    (a, b) => b.length - a.length,
  );
  if (values.length === 0) return request;
  const inside = maskedForms(values);
  const mask = (text: string, as = REDACTED) => (values.includes(text) ? as : replaceForms(text, inside, as));
  const encodedMask = encodeURIComponent(REDACTED);
  // In the path as sent: percent-encoded (a lone surrogate, which cannot be, was not sent encoded).
  const encoded = inside.map((value) => {
    try {
      return encodeURIComponent(value);
    } catch {
      return value;
    }
  });
  const path = mask(replaceForms(request.path, encoded, encodedMask), encodedMask);
  const pairs = (list: [string, string][] | undefined) =>
    list?.map(([name, value]): [string, string] => [name, mask(value)]);
  const body = request.body;
  return {
    ...request,
    path,
    ...(request.query ? { query: pairs(request.query) } : {}),
    ...(request.headers ? { headers: pairs(request.headers) } : {}),
    ...(body?.kind === 'form'
      ? { body: { ...body, fields: pairs(body.fields) ?? [] } }
      : body?.kind === 'json' || body?.kind === 'text'
        ? { body: { ...body, text: mask(body.text) } }
        : {}),
  };
}

/** An error as history keeps it: a value of the request's it quotes masked. */
export function errorWithoutEchoes(error: KeyholeErrorData, forms: readonly string[]): KeyholeErrorData {
  const clean = { ...error, message: maskEchoes(error.message, forms) };
  if (typeof error.detail === 'string') clean.detail = maskEchoes(error.detail, forms);
  return clean;
}

/** Assertions and captures as history keeps them: their messages may quote the answer. */
export function checksWithoutEchoes(checks: CheckOutcomes, forms: readonly string[]): CheckOutcomes {
  if (forms.length === 0) return checks;
  const clean = <T extends { message?: string }>(item: T): T =>
    typeof item.message === 'string' ? { ...item, message: maskEchoes(item.message, forms) } : item;
  return { assertions: checks.assertions.map(clean), captures: checks.captures.map(clean) };
}

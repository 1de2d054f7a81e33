import type { KeyholeErrorData } from '../errors.ts';
import { cutSecretAtEnd, hideReusable, maskedForms, sentForms } from '../http/hide-reusable.ts';
import { RESERVED_HEADERS } from '../http/request-guard.ts';
import type { SendRequest } from '../protocol.ts';
import { isHiddenPair, mapJsonStrings, secretsInUrl } from './redact-secrets.ts';
import type { CheckOutcomes } from './run/evaluate-checks.ts';

/**
 * A server may echo what it was sent (`Not Found: no endpoint GET /v2/self;access_token=…`, a `Location` header, an
 * error, an assertion quoting the body): history keeps the answer, so the secrets the stored request masks are
 * masked where the answer echoes them too, as the worker masks the credentials it signs with (hide-reusable.ts:
 * the same forms, the same mask, the same 8-character floor under which ordinary words would be garbled).
 */

/**
 * The request's values its stored copy masks (sanitizeRequest), each in the forms a server may echo it: as typed
 * and trimmed (fetch trims a header's value), percent-decoded, encoded as the worker sends it and as other encoders
 * write it (sentForms), JSON-escaped, and a `Bearer …` value's credential alone. A secret inside a JSON or text
 * request body is not among them (it has no one place to be read from).
 */
export function maskedRequestValues(request: SendRequest): string[] {
  const pairs = [
    ...(request.query ?? []),
    ...sentHeaders(request.headers ?? []),
    ...(request.body?.kind === 'form' ? request.body.fields : []),
  ];
  const values = [
    ...secretsInUrl(request.path, true),
    ...pairs.filter(([name, value]) => isHiddenPair(name, value)).map(([, value]) => value),
  ];
  const forms = new Set<string>();
  for (const raw of values) {
    const value = raw.trim();
    const credential = /^\S+[ \t]+(\S+)$/.exec(value)?.[1];
    for (const secret of credential ? [value, credential] : [value]) {
      for (const form of new Set([secret, decoded(secret)])) {
        // A lone surrogate cannot be percent-encoded (it cannot have been sent that way either).
        let encoded = [form];
        try {
          encoded = sentForms([form]);
        } catch {
          // As typed only.
        }
        for (const one of encoded) forms.add(one);
        forms.add(JSON.stringify(form).slice(1, -1));
      }
    }
  }
  return maskedForms([...forms]).sort((a, b) => b.length - a.length);
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

/**
 * Every echo of those values in a text the server sent masked, one cut off at the text's end (a capped body)
 * included. In JSON, a form that could be read outside its strings is masked only inside them.
 */
export function maskEchoes(text: string, forms: readonly string[]): string {
  // Most answers echo nothing: a search for each form, no copy (this runs in the panel for every call).
  if (forms.length === 0 || (!forms.some((form) => text.includes(form)) && !cutSecretAtEnd(text, forms))) return text;
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return hideReusable(text, forms);
  // The rest can only be inside strings: masked over the whole text, without reading it string by string.
  const risky = forms.filter((form) => OUTSIDE_JSON_STRINGS.test(form));
  const masked = hideReusable(
    text,
    forms.filter((form) => !risky.includes(form)),
  );
  if (!risky.some((form) => masked.includes(form))) return masked;
  return mapJsonStrings(masked, (token) =>
    risky.some((form) => token.includes(form)) ? hideReusable(token, risky) : token,
  );
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

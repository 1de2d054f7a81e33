/**
 * `/v2/self/mfa/{kind}`: the caller's two-factor authentication, of which the sandbox knows TOTP. POST issues a
 * secret (and its `otpauth://` URL), POST `…/confirmation` with a current code turns it on (the authorize page and
 * API-token creation then ask for codes) and issues backup codes, DELETE turns it off, PUT makes it the preferred
 * kind; `/v2/self` shows `preferredMFA` accordingly. Turning off what is not on is a 400, not a 404: the route is
 * there, the state is not.
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from './http-util.ts';
import { jsonObject, success } from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import { verifyTotp } from './totp.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Secret(bytes = 20): string {
  let bits = '';
  for (const byte of randomBytes(bytes)) bits += byte.toString(2).padStart(8, '0');
  let out = '';
  for (let index = 0; index + 5 <= bits.length; index += 5)
    out += ALPHABET[Number.parseInt(bits.slice(index, index + 5), 2)];
  return out;
}

function totpOnly(request: ResourceRequest): void {
  if (request.params.mfaKind?.toUpperCase() !== 'TOTP') {
    throw new HttpError(404, `Unknown MFA kind ${request.params.mfaKind}: the sandbox knows TOTP`);
  }
}

const MANAGE = 'manage_personal_information' as const;

export const mfaRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/products/mfa_kinds',
    handle: () => ({ status: 200, json: ['TOTP'] }),
  },
  {
    method: 'POST',
    pattern: '/v2/self/mfa/:mfaKind',
    right: MANAGE,
    handle: (request) => {
      totpOnly(request);
      const user = request.caller.user;
      if (user.totpSecret) throw new HttpError(409, 'TOTP is already on: turn it off first');
      user.pendingTotpSecret = base32Secret();
      const label = encodeURIComponent(`Sandbox Cloud:${user.email}`);
      const url = `otpauth://totp/${label}?secret=${user.pendingTotpSecret}&issuer=Sandbox%20Cloud&digits=6&period=30`;
      return { status: 200, json: { secret: user.pendingTotpSecret, url } };
    },
  },
  {
    method: 'POST',
    pattern: '/v2/self/mfa/:mfaKind/confirmation',
    right: MANAGE,
    handle: (request) => {
      totpOnly(request);
      const user = request.caller.user;
      const code = jsonObject(request).code;
      if (!user.pendingTotpSecret) throw new HttpError(400, 'No TOTP secret to confirm: POST /v2/self/mfa/totp first');
      if (typeof code !== 'string' || !verifyTotp(user.pendingTotpSecret, code, request.clock.now())) {
        throw new HttpError(400, 'Invalid TOTP code');
      }
      user.totpSecret = user.pendingTotpSecret;
      user.pendingTotpSecret = undefined;
      user.backupCodes = Array.from({ length: 10 }, () => randomBytes(5).toString('hex'));
      return { status: 200, json: { backupCodes: [...user.backupCodes] } };
    },
  },
  {
    method: 'PUT',
    pattern: '/v2/self/mfa/:mfaKind',
    right: MANAGE,
    handle: (request) => {
      totpOnly(request);
      if (!request.caller.user.totpSecret) throw new HttpError(400, 'TOTP is off: it cannot be the preferred kind');
      return success('TOTP is the preferred kind');
    },
  },
  {
    method: 'DELETE',
    pattern: '/v2/self/mfa/:mfaKind',
    right: MANAGE,
    handle: (request) => {
      totpOnly(request);
      const user = request.caller.user;
      if (!user.totpSecret && !user.pendingTotpSecret) throw new HttpError(400, 'TOTP is not on');
      user.totpSecret = undefined;
      user.pendingTotpSecret = undefined;
      user.backupCodes = undefined;
      return { status: 204 };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/self/mfa/:mfaKind/backupcodes',
    right: 'access_personal_information',
    handle: (request) => {
      totpOnly(request);
      // None while TOTP is off.
      return { status: 200, json: [...(request.caller.user.backupCodes ?? [])] };
    },
  },
];

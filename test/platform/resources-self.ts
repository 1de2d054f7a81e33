/** `/v2/self` (profile, emails, OAuth tokens) and `/v2/summary`. */
import { HttpError } from './http-util.ts';
import { jsonObject, optionalString, success } from './resource-helpers.ts';
import { avatarRoutes } from './resources-self-avatar.ts';
import { emailRoutes } from './resources-self-emails.ts';
import { tokenRoutes } from './resources-self-tokens.ts';
import type { Route } from './router.ts';
import type { User } from './state.ts';
import { summaryOf } from './summary.ts';

export function selfView(user: User): Record<string, unknown> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    address: user.address,
    city: user.city,
    zipcode: user.zipcode,
    country: user.country,
    avatar: user.avatar,
    creationDate: user.creationDate,
    lang: user.lang,
    emailValidated: user.emailValidated,
    oauthApps: [],
    admin: user.admin,
    canPay: user.canPay,
    preferredMFA: user.totpSecret ? 'TOTP' : 'NONE',
    hasPassword: true,
    partnerId: 'partner_sandbox',
    partnerName: 'Sandbox Cloud',
    partnerConsoleUrl: 'https://console.sandbox.keyhole.test/',
  };
}

const EDITABLE = ['name', 'phone', 'address', 'city', 'zipcode', 'country', 'lang'] as const;

export const selfRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/self',
    right: 'access_personal_information',
    handle: ({ caller }) => ({ status: 200, json: selfView(caller.user) }),
  },
  {
    method: 'PUT',
    pattern: '/v2/self',
    right: 'manage_personal_information',
    handle: (request) => {
      const body = jsonObject(request);
      const unknown = Object.keys(body).filter(
        (key) => !(EDITABLE as readonly string[]).includes(key) && key !== 'email',
      );
      if ('email' in body) throw new HttpError(400, 'Field "email" cannot be changed here');
      if (unknown.length > 0)
        throw new HttpError(400, `Unknown field(s): ${unknown.join(', ')}; editable: ${EDITABLE.join(', ')}`);
      const user = request.caller.user;
      for (const field of EDITABLE) {
        const value = optionalString(body, field);
        if (value !== undefined) user[field] = value;
      }
      return { status: 200, json: selfView(user) };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/summary',
    handle: ({ state, caller }) => ({ status: 200, json: summaryOf(state, caller.user) }),
  },
  ...emailRoutes,
  ...avatarRoutes,
  ...tokenRoutes,
  {
    method: 'DELETE',
    pattern: '/v2/self/tokens/:token',
    handle: ({ state, caller, params }) => {
      const token = state.accessTokens.get(params.token!);
      if (!token || token.userId !== caller.user.id) throw new HttpError(404, 'Token not found');
      const own = caller.accessToken?.token === token.token;
      if (!own && !caller.rights.has('manage_personal_information')) {
        throw new HttpError(403, 'DELETE /v2/self/tokens/:token requires right manage_personal_information');
      }
      token.revoked = true;
      return success('The token has been revoked');
    },
  },
];

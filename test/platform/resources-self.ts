/** `/v2/self`, `/v2/summary`, `/v4/products/zones` and access-token revocation. */
import { HttpError } from './http-util.ts';
import { jsonObject, optionalString, success } from './resource-helpers.ts';
import type { Route } from './router.ts';
import { organisationsOf, type PlatformState, type User } from './state.ts';

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
  };
}

const EDITABLE = ['name', 'phone', 'address', 'city', 'zipcode', 'country', 'lang'] as const;

function summary(state: PlatformState, user: User): Record<string, unknown> {
  const content = (ownerId: string) => ({
    applications: [...state.applications.values()]
      .filter((app) => app.ownerId === ownerId)
      .map(({ view }) => {
        const instance = view.instance as { type: string; variant: { slug: string; name: string; logo: string } };
        return {
          id: view.id,
          name: view.name,
          instanceType: instance.type,
          instanceVariant: instance.variant.name,
          variantSlug: instance.variant.slug,
          variantLogoUrl: instance.variant.logo,
          archived: view.archived,
          homogeneous: view.homogeneous,
          state: view.state,
          commit: view.commitId,
        };
      }),
    addons: [...state.addons.values()]
      .filter((addon) => addon.ownerId === ownerId)
      .map(({ view }) => {
        const provider = view.provider as { id: string; logoUrl: string };
        return { id: view.id, name: view.name, providerId: provider.id, logoUrl: provider.logoUrl };
      }),
    consumers: [...state.consumers.values()]
      .filter((consumer) => consumer.ownerId === ownerId)
      .map((consumer) => ({ name: consumer.name, key: consumer.key, picture: consumer.picture })),
  });
  return {
    user: {
      id: user.id,
      name: user.name,
      avatar: user.avatar,
      email: user.email,
      lang: user.lang,
      admin: false,
      ...content(user.id),
    },
    organisations: organisationsOf(state, user.id)
      .filter((org) => !org.personal)
      .map((org) => ({
        id: org.id,
        name: org.name,
        avatar: org.avatar,
        role: org.members.find((member) => member.userId === user.id)?.role ?? 'NONE',
        ...content(org.id),
        providers: [],
        vatState: org.vatState,
        canPay: org.canPay,
        canSEPA: org.canSEPA,
        cleverEnterprise: org.cleverEnterprise,
        emergencyNumber: org.emergencyNumber,
      })),
  };
}

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
    handle: ({ state, caller }) => ({ status: 200, json: summary(state, caller.user) }),
  },
  {
    method: 'GET',
    pattern: '/v4/products/zones',
    handle: ({ state }) => ({ status: 200, json: state.zones }),
  },
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

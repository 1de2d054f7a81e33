import { matchPathTemplate } from './path-template.ts';
import type { HttpMethod, RequestTarget } from './protocol.ts';

/**
 * The endpoints an integrator reaches for first: those the spec names (OAuth, self, summary, zones,
 * applications, invoices) and the common ones real users hit (platform-notes.md: consumers, env, API tokens).
 * `right` is the OAuth right a consumer needs for the call (our reading of the platform's rights; the spec does
 * not map them). Views other than the composer (a rights browser) reuse this list.
 */

export type Right =
  | 'access_organisations'
  | 'access_organisations_bills'
  | 'access_organisations_consumption_statistics'
  | 'access_organisations_credit_count'
  | 'access_personal_information'
  | 'manage_organisations'
  | 'manage_organisations_applications'
  | 'manage_organisations_members'
  | 'manage_organisations_services'
  | 'manage_personal_information'
  | 'manage_ssh_keys';

export type EndpointGroup =
  | 'oauth'
  | 'account'
  | 'organisations'
  | 'applications'
  | 'billing'
  | 'consumers'
  | 'products'
  | 'api-tokens';

export interface CatalogEntry {
  id: string;
  method: HttpMethod;
  target: RequestTarget;
  pathTemplate: string;
  right?: Right;
  description: string;
  /** A JSON body to start from (as text, formatted). */
  bodyExample?: string;
  /** Form fields to start from, for form-encoded endpoints. */
  formExample?: [string, string][];
  group: EndpointGroup;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const ORG = '/v2/organisations/{organisationId}';
const APP = `${ORG}/applications/{applicationId}`;

export const ENDPOINT_CATALOG: readonly CatalogEntry[] = [
  // OAuth 1.0a (spec §4.1). The token steps are signed by the worker during sign-in; listed for reference.
  {
    id: 'oauth-request-token',
    group: 'oauth',
    method: 'POST',
    target: 'api',
    pathTemplate: '/v2/oauth/request_token',
    description: 'Get a request token (OAuth parameters in a form body).',
  },
  {
    id: 'oauth-request-token-query',
    group: 'oauth',
    method: 'POST',
    target: 'api',
    pathTemplate: '/v2/oauth/request_token_query',
    description: 'Get a request token (OAuth parameters in the query string).',
  },
  {
    id: 'oauth-authorize',
    group: 'oauth',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/oauth/authorize',
    description: 'The login and consent page a user visits with the request token (browser navigation).',
  },
  {
    id: 'oauth-access-token',
    group: 'oauth',
    method: 'POST',
    target: 'api',
    pathTemplate: '/v2/oauth/access_token',
    description: 'Exchange the request token and verifier for an access token (form body).',
  },
  {
    id: 'oauth-access-token-query',
    group: 'oauth',
    method: 'POST',
    target: 'api',
    pathTemplate: '/v2/oauth/access_token_query',
    description: 'Exchange the request token and verifier for an access token (query string).',
  },
  {
    id: 'oauth-rights',
    group: 'oauth',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/oauth/rights',
    description: 'List the rights a consumer can ask for.',
  },

  // The signed-in user.
  {
    id: 'self',
    group: 'account',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/self',
    right: 'access_personal_information',
    description: "The signed-in user's profile.",
  },
  {
    id: 'self-update',
    group: 'account',
    method: 'PUT',
    target: 'api',
    pathTemplate: '/v2/self',
    right: 'manage_personal_information',
    description: "Update the user's profile fields.",
    bodyExample: json({ name: 'Ada Lovelace', lang: 'EN' }),
  },
  {
    id: 'summary',
    group: 'account',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/summary',
    right: 'access_organisations',
    description: 'The user, their organisations and each one’s applications and add-ons, in one call.',
  },
  {
    id: 'self-keys',
    group: 'account',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/self/keys',
    right: 'access_personal_information',
    description: "The user's SSH public keys.",
  },
  {
    id: 'self-key-add',
    group: 'account',
    method: 'PUT',
    target: 'api',
    pathTemplate: '/v2/self/keys/{keyName}',
    right: 'manage_ssh_keys',
    description: 'Add an SSH public key under a name (body: the key as a JSON string).',
    bodyExample: json('ssh-ed25519 AAAA… ada@laptop'),
  },
  {
    id: 'self-key-delete',
    group: 'account',
    method: 'DELETE',
    target: 'api',
    pathTemplate: '/v2/self/keys/{keyName}',
    right: 'manage_ssh_keys',
    description: 'Remove an SSH public key.',
  },
  {
    id: 'self-applications',
    group: 'applications',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/self/applications',
    right: 'access_organisations',
    description: "Applications of the user's personal space.",
  },

  // Products.
  {
    id: 'zones',
    group: 'products',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v4/products/zones',
    description: 'Deployment zones (regions) with their city, country and tags.',
  },

  // Organisations.
  {
    id: 'organisations',
    group: 'organisations',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/organisations',
    right: 'access_organisations',
    description: 'Organisations the user belongs to.',
  },
  {
    id: 'organisation',
    group: 'organisations',
    method: 'GET',
    target: 'api',
    pathTemplate: ORG,
    right: 'access_organisations',
    description: 'One organisation: name, billing contact, VAT state.',
  },
  {
    id: 'organisation-members',
    group: 'organisations',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/members`,
    right: 'access_organisations',
    description: "An organisation's members and their roles.",
  },
  {
    id: 'organisation-member-add',
    group: 'organisations',
    method: 'POST',
    target: 'api',
    pathTemplate: `${ORG}/members`,
    right: 'manage_organisations_members',
    description: 'Invite a member with a role.',
    bodyExample: json({ email: 'grace@example.com', role: 'DEVELOPER', job: 'Developer' }),
  },
  {
    id: 'organisation-addons',
    group: 'organisations',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/addons`,
    right: 'access_organisations',
    description: "An organisation's add-ons (databases, storage).",
  },
  {
    id: 'organisation-consumptions',
    group: 'billing',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/consumptions`,
    right: 'access_organisations_consumption_statistics',
    description: 'Consumption statistics per application and add-on.',
  },
  {
    id: 'organisation-credits',
    group: 'billing',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/credits`,
    right: 'access_organisations_credit_count',
    description: "The organisation's remaining credits.",
  },

  // Applications.
  {
    id: 'applications',
    group: 'applications',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/applications`,
    right: 'access_organisations',
    description: "An organisation's applications (the personal space's id is the user id).",
  },
  {
    id: 'application',
    group: 'applications',
    method: 'GET',
    target: 'api',
    pathTemplate: APP,
    right: 'access_organisations',
    description: 'One application: instance, zone, state, domains.',
  },
  {
    id: 'application-update',
    group: 'applications',
    method: 'PUT',
    target: 'api',
    pathTemplate: APP,
    right: 'manage_organisations_applications',
    description: "Change an application's settings (name, description, scaling).",
    bodyExample: json({ name: 'my-app', description: 'My application' }),
  },
  {
    id: 'application-env',
    group: 'applications',
    method: 'GET',
    target: 'api',
    pathTemplate: `${APP}/env`,
    right: 'access_organisations',
    description: "An application's environment variables as [{name, value}].",
  },
  {
    id: 'application-env-replace',
    group: 'applications',
    method: 'PUT',
    target: 'api',
    pathTemplate: `${APP}/env`,
    right: 'manage_organisations_applications',
    description: 'Replace all environment variables at once (object of name → value).',
    bodyExample: json({ PORT: '8080', NODE_ENV: 'production' }),
  },
  {
    id: 'application-env-set',
    group: 'applications',
    method: 'PUT',
    target: 'api',
    pathTemplate: `${APP}/env/{envName}`,
    right: 'manage_organisations_applications',
    description: 'Set one environment variable.',
    bodyExample: json({ value: 'production' }),
  },
  {
    id: 'application-env-delete',
    group: 'applications',
    method: 'DELETE',
    target: 'api',
    pathTemplate: `${APP}/env/{envName}`,
    right: 'manage_organisations_applications',
    description: 'Delete one environment variable.',
  },
  {
    id: 'application-restart',
    group: 'applications',
    method: 'POST',
    target: 'api',
    pathTemplate: `${APP}/instances`,
    right: 'manage_organisations_applications',
    description: 'Start or restart the application (a new deployment).',
  },
  {
    id: 'application-stop',
    group: 'applications',
    method: 'DELETE',
    target: 'api',
    pathTemplate: `${APP}/instances`,
    right: 'manage_organisations_applications',
    description: 'Stop all instances of the application.',
  },
  {
    id: 'application-deployments',
    group: 'applications',
    method: 'GET',
    target: 'api',
    pathTemplate: `${APP}/deployments`,
    right: 'access_organisations',
    description: "The application's recent deployments.",
  },

  // Billing.
  {
    id: 'invoices',
    group: 'billing',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v4/billing/organisations/{organisationId}/invoices',
    right: 'access_organisations_bills',
    description: 'Invoices of an organisation (a 404 means none yet).',
  },
  {
    id: 'invoice-pdf',
    group: 'billing',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v4/billing/organisations/{organisationId}/{invoiceNumber}.pdf',
    right: 'access_organisations_bills',
    description: 'One invoice as a PDF document (the spec’s path).',
  },
  {
    id: 'invoice-pdf-console',
    group: 'billing',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}.pdf',
    right: 'access_organisations_bills',
    description: 'One invoice as a PDF, at the path the console uses (fallback when the other is 404).',
  },

  // OAuth consumers.
  {
    id: 'self-consumers',
    group: 'consumers',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/self/consumers',
    right: 'access_personal_information',
    description: "The user's own OAuth consumers.",
  },
  {
    id: 'self-consumer-create',
    group: 'consumers',
    method: 'POST',
    target: 'api',
    pathTemplate: '/v2/self/consumers',
    right: 'manage_personal_information',
    description: 'Create an OAuth consumer: name, base URL (callbacks go under it) and the rights it asks for.',
    bodyExample: json({
      name: 'My integration',
      description: 'Reads my applications',
      url: 'https://example.com',
      picture: 'https://example.com/logo.png',
      baseUrl: 'https://example.com/oauth',
      rights: { access_personal_information: true, access_organisations: true },
    }),
  },
  {
    id: 'self-consumer-secret',
    group: 'consumers',
    method: 'GET',
    target: 'api',
    pathTemplate: '/v2/self/consumers/{consumerKey}/secret',
    right: 'manage_personal_information',
    description: "A consumer's secret as {secret} (never kept in Keyhole's history).",
  },
  {
    id: 'self-consumer-delete',
    group: 'consumers',
    method: 'DELETE',
    target: 'api',
    pathTemplate: '/v2/self/consumers/{consumerKey}',
    right: 'manage_personal_information',
    description: 'Delete one of your OAuth consumers.',
  },
  {
    id: 'organisation-consumers',
    group: 'consumers',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/consumers`,
    right: 'access_organisations',
    description: "An organisation's OAuth consumers.",
  },
  {
    id: 'organisation-consumer-create',
    group: 'consumers',
    method: 'POST',
    target: 'api',
    pathTemplate: `${ORG}/consumers`,
    right: 'manage_organisations',
    description: 'Create an OAuth consumer owned by an organisation.',
    bodyExample: json({
      name: 'Team integration',
      description: 'Deploys from CI',
      url: 'https://example.com',
      picture: 'https://example.com/logo.png',
      baseUrl: 'https://example.com/oauth',
      rights: { access_organisations: true, manage_organisations_applications: true },
    }),
  },
  {
    id: 'organisation-consumer-secret',
    group: 'consumers',
    method: 'GET',
    target: 'api',
    pathTemplate: `${ORG}/consumers/{consumerKey}/secret`,
    right: 'manage_organisations',
    description: "An organisation consumer's secret (never kept in Keyhole's history).",
  },

  // The bridge: personal API tokens (platform-notes.md).
  {
    id: 'bridge-self',
    group: 'api-tokens',
    method: 'GET',
    target: 'bridge',
    pathTemplate: '/v2/self',
    description: 'Your profile through the bridge, authenticated with an API token.',
  },
  {
    id: 'api-tokens',
    group: 'api-tokens',
    method: 'GET',
    target: 'bridge',
    pathTemplate: '/api-tokens',
    description: 'Your API tokens (ids, names, expiry, state; never their values).',
  },
  {
    id: 'api-token-create',
    group: 'api-tokens',
    method: 'POST',
    target: 'bridge',
    pathTemplate: '/api-tokens',
    description: 'Create an API token; its value is shown once. Needs your password (never kept in history).',
    bodyExample: json({
      email: 'you@example.com',
      password: '',
      name: 'ci-token',
      description: 'CI deployments',
      expirationDate: '2030-01-01T00:00:00.000Z',
    }),
  },
  {
    id: 'api-token-update',
    group: 'api-tokens',
    method: 'PUT',
    target: 'bridge',
    pathTemplate: '/api-tokens/{apiTokenId}',
    description: 'Rename an API token or change its description.',
    bodyExample: json({ name: 'ci-token', description: 'CI deployments' }),
  },
  {
    id: 'api-token-revoke',
    group: 'api-tokens',
    method: 'DELETE',
    target: 'bridge',
    pathTemplate: '/api-tokens/{apiTokenId}',
    description: 'Revoke an API token at once.',
  },
];

function haystackOf(entry: CatalogEntry): string {
  return [entry.method, entry.target, entry.pathTemplate, entry.description, entry.right ?? '', entry.group, entry.id]
    .join(' ')
    .toLowerCase();
}

/**
 * Finds entries for a search box: every word must appear (in the method, path, description, right or
 * group). A concrete path ("/v2/organisations/orga_1/applications") finds its template first.
 * An empty query returns the whole catalog in its order.
 */
export function searchCatalog(query: string, entries: readonly CatalogEntry[] = ENDPOINT_CATALOG): CatalogEntry[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...entries];
  const pathPart = trimmed.split(/\s+/).find((word) => word.startsWith('/'));
  const concrete = pathPart?.split('?')[0];
  const terms = trimmed
    .toLowerCase()
    .split(/\s+/)
    .filter((term) => term !== pathPart?.toLowerCase());
  const scored: { entry: CatalogEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const haystack = haystackOf(entry);
    let score = 0;
    if (concrete) {
      if (matchPathTemplate(entry.pathTemplate, concrete)) score += 100;
      else if (entry.pathTemplate.toLowerCase().includes(concrete.toLowerCase())) score += 20;
      else return;
    }
    for (const term of terms) {
      const at = haystack.indexOf(term);
      if (at < 0) return;
      if (entry.method.toLowerCase() === term) score += 8;
      else if (entry.pathTemplate.toLowerCase().includes(term)) score += 5;
      else if (entry.right?.includes(term)) score += 3;
      else score += 1;
    }
    scored.push({ entry, score, index });
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.map((item) => item.entry);
}

/** The catalog entry a concrete request matches, if any (same method and target, path fits the template). */
export function findCatalogEntry(
  method: HttpMethod,
  target: RequestTarget,
  path: string,
  entries: readonly CatalogEntry[] = ENDPOINT_CATALOG,
): CatalogEntry | undefined {
  // Prefer templates with fewer placeholders: /v2/self/keys before /v2/self/{x}.
  return entries
    .filter(
      (entry) => entry.method === method && entry.target === target && matchPathTemplate(entry.pathTemplate, path),
    )
    .sort((a, b) => (a.pathTemplate.match(/\{/g)?.length ?? 0) - (b.pathTemplate.match(/\{/g)?.length ?? 0))[0];
}

/** Entries grouped by the right they need (entries needing none under `undefined`), in catalog order. */
export function groupCatalogByRight(
  entries: readonly CatalogEntry[] = ENDPOINT_CATALOG,
): Map<Right | undefined, CatalogEntry[]> {
  const groups = new Map<Right | undefined, CatalogEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.right) ?? [];
    list.push(entry);
    groups.set(entry.right, list);
  }
  return groups;
}

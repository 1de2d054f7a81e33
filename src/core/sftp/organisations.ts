/**
 * Organisations and their applications from `GET /v2/summary` (notes: `{user: {id, name, applications[]},
 * organisations: [{id, name, applications[]}]}`). The personal space is listed first, under the user's id.
 */
import { KeyholeError } from '../errors.ts';

export interface ApplicationChoice {
  id: string;
  name: string;
  /** Runtime slug (`linux`, `node`…), when the summary gives it. */
  variant?: string;
}

export interface OrganisationChoice {
  id: string;
  name: string;
  personal: boolean;
  applications: ApplicationChoice[];
}

export function listOrganisations(body: string): OrganisationChoice[] {
  let summary: { user?: Record<string, unknown>; organisations?: unknown };
  try {
    summary = JSON.parse(body);
  } catch {
    throw new KeyholeError('malformed-response', 'The account summary is not JSON.');
  }
  const choices: OrganisationChoice[] = [];
  const user = summary?.user;
  if (user && typeof user.id === 'string') {
    choices.push({
      id: user.id,
      name: typeof user.name === 'string' && user.name ? `${user.name} (personal)` : 'Personal space',
      personal: true,
      applications: readApplications(user.applications),
    });
  }
  if (Array.isArray(summary?.organisations)) {
    for (const org of summary.organisations as Record<string, unknown>[]) {
      if (!org || typeof org.id !== 'string' || org.id === choices[0]?.id) continue;
      choices.push({
        id: org.id,
        name: typeof org.name === 'string' && org.name ? org.name : org.id,
        personal: false,
        applications: readApplications(org.applications),
      });
    }
  }
  if (choices.length === 0) throw new KeyholeError('malformed-response', 'The account summary lists no organisation.');
  return choices;
}

function readApplications(value: unknown): ApplicationChoice[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((app): app is Record<string, unknown> => !!app && typeof app.id === 'string')
    .map((app) => {
      const choice: ApplicationChoice = {
        id: app.id as string,
        name: typeof app.name === 'string' ? app.name : (app.id as string),
      };
      if (typeof app.variantSlug === 'string') choice.variant = app.variantSlug;
      return choice;
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

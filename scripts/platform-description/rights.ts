/**
 * The right an endpoint probably needs, when Keyhole's curated overlay does not say: no source maps endpoints to
 * rights, so these rules read the path and method the way the spec's rights are named (read → `access_…`,
 * write → `manage_…`, by what the path is about). The result is recorded as `keyhole-inferred` with the rule's
 * name, and shown as "probably"; where no rule fits, the right stays unknown.
 */
import type { SpecRight } from '../../src/core/platform/right-names.ts';

export interface InferredRight {
  name: SpecRight;
  rule: string;
}

const READS = new Set(['GET', 'HEAD']);

/** The part of an organisation-scoped path after the organisation, or undefined. */
function organisationTail(path: string): string | undefined {
  const v2 = /^\/v2\/organisations\/\{organisationId\}(\/.*)?$/.exec(path);
  if (v2) return v2[1] ?? '';
  const v4 = /^\/v4\/[^/]+\/organisations\/\{organisationId\}(\/.*)?$/.exec(path);
  if (v4) return `${path.split('/')[2] === 'billing' ? '/billing' : ''}${v4[1] ?? ''}`;
  // The personal space's applications and add-ons behave as an organisation's.
  const self = /^\/v2\/self(\/(applications|addons)(\/.*)?)$/.exec(path);
  return self ? self[1] : undefined;
}

function inferForOrganisation(method: string, tail: string): InferredRight | undefined {
  const read = READS.has(method);
  if (/\/consumptions(\/|$)/.test(tail))
    return read
      ? { name: 'access_organisations_consumption_statistics', rule: 'organisation-consumption-read' }
      : undefined;
  if (/\/credits(\/|$)/.test(tail))
    return read ? { name: 'access_organisations_credit_count', rule: 'organisation-credits-read' } : undefined;
  if (/\/(billing|invoices|bills|payments|billings)(\/|$)/.test(tail) || tail.endsWith('.pdf'))
    return read ? { name: 'access_organisations_bills', rule: 'organisation-billing-read' } : undefined;
  if (read) return { name: 'access_organisations', rule: 'organisation-read' };
  if (/^\/applications(\/|$)/.test(tail))
    return { name: 'manage_organisations_applications', rule: 'application-write' };
  if (/^\/addons(\/|$)/.test(tail)) return { name: 'manage_organisations_services', rule: 'addon-write' };
  if (/^\/members(\/|$)/.test(tail)) return { name: 'manage_organisations_members', rule: 'member-write' };
  if (tail === '' || /^\/consumers(\/|$)/.test(tail))
    return { name: 'manage_organisations', rule: 'organisation-write' };
  return undefined;
}

export function inferRight(method: string, path: string): InferredRight | undefined {
  const read = READS.has(method);
  const tail = organisationTail(path);
  if (tail !== undefined) return inferForOrganisation(method, tail);
  if (path === '/v2/organisations' && read) return { name: 'access_organisations', rule: 'organisation-read' };
  if (/^\/v2\/self\/keys(\/|$)/.test(path))
    return read
      ? { name: 'access_personal_information', rule: 'self-read' }
      : { name: 'manage_ssh_keys', rule: 'ssh-key-write' };
  // Billing of the personal space and the session's own tokens: no rule we trust.
  if (/^\/v2\/self\/(payments|invoices|bills|tokens)(\/|$)/.test(path)) return undefined;
  if (/^\/v2\/self(\/|$)/.test(path))
    return read
      ? { name: 'access_personal_information', rule: 'self-read' }
      : { name: 'manage_personal_information', rule: 'self-write' };
  return undefined;
}

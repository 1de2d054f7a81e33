/** Organisations (list, read, create, update, delete) and their members. */

import { ERROR_IDS } from './error-ids.ts';
import { HttpError } from './http-util.ts';
import { randomUuid } from './random.ts';
import { jsonObject, optionalString, organisationOf, requiredString, success } from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import { findUserByEmail, type Organisation, organisationsOf, type Role } from './state.ts';

const ROLES: readonly Role[] = ['ADMIN', 'MANAGER', 'DEVELOPER', 'ACCOUNTING'];
const EDITABLE = ['name', 'description', 'address', 'city', 'zipcode', 'country', 'company', 'VAT', 'customerFullName'];

export function organisationView(org: Organisation): Record<string, unknown> {
  const { members: _members, personal: _personal, ...view } = org;
  return { ...view, isTrusted: false };
}

function roleOf(request: ResourceRequest, org: Organisation): Role | undefined {
  return org.members.find((member) => member.userId === request.caller.user.id)?.role;
}

/** Changing an organisation or its members is for its admins (and managers, for members). */
function requireRole(request: ResourceRequest, org: Organisation, roles: Role[]): void {
  const role = roleOf(request, org);
  if (!role || !roles.includes(role)) {
    throw new HttpError(
      403,
      `Your role in ${org.name} (${role ?? 'none'}) cannot do this; it needs ${roles.join(' or ')}`,
    );
  }
}

function parseRole(value: unknown): Role {
  if (typeof value !== 'string' || !(ROLES as readonly string[]).includes(value)) {
    throw new HttpError(400, `Field "role" must be one of ${ROLES.join(', ')}`);
  }
  return value as Role;
}

function applyFields(request: ResourceRequest, org: Organisation): void {
  const body = jsonObject(request);
  for (const field of EDITABLE) {
    const value = optionalString(body, field);
    if (value !== undefined) (org as unknown as Record<string, string>)[field] = value;
  }
  const billingEmail = optionalString(body, 'billingEmail');
  if (billingEmail !== undefined) {
    if (!/^[^@\s]+@[^@\s]+$/.test(billingEmail)) {
      throw new HttpError(400, `Field "billingEmail" is not an email address: ${billingEmail}`);
    }
    org.billingEmail = billingEmail;
  }
  if (org.name.trim() === '') throw new HttpError(400, 'Field "name" must not be empty');
}

function memberView(request: ResourceRequest, member: Organisation['members'][number]) {
  const user = request.state.users.get(member.userId)!;
  return {
    member: {
      id: user.id,
      email: user.email,
      name: user.name,
      avatar: user.avatar,
      preferredMFA: user.totpSecret ? 'TOTP' : 'NONE',
    },
    role: member.role,
    job: member.job ?? '',
  };
}

function memberOf(request: ResourceRequest, org: Organisation) {
  const member = org.members.find((candidate) => candidate.userId === request.params.userId);
  if (!member) throw new HttpError(404, `User ${request.params.userId} is not a member of ${org.name}`);
  return member;
}

export const organisationRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/organisations',
    right: 'access_organisations',
    handle: ({ state, caller }) => ({
      status: 200,
      json: organisationsOf(state, caller.user.id).map(organisationView),
    }),
  },
  {
    method: 'POST',
    pattern: '/v2/organisations',
    right: 'manage_organisations',
    handle: (request) => {
      const body = jsonObject(request);
      const name = requiredString(body, 'name');
      const user = request.caller.user;
      const org: Organisation = {
        id: `orga_${randomUuid()}`,
        personal: false,
        name,
        description: '',
        billingEmail: user.email,
        address: '',
        city: '',
        zipcode: '',
        country: 'FRANCE',
        company: '',
        VAT: '',
        avatar: '',
        vatState: 'NOT_NEEDED',
        customerFullName: name,
        canPay: true,
        cleverEnterprise: false,
        emergencyNumber: '',
        canSEPA: false,
        members: [{ userId: user.id, role: 'ADMIN' }],
      };
      applyFields(request, org);
      request.state.organisations.set(org.id, org);
      return { status: 200, json: organisationView(org) };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/organisations/:orgId',
    right: 'access_organisations',
    handle: (request) => ({ status: 200, json: organisationView(organisationOf(request)) }),
  },
  {
    method: 'PUT',
    pattern: '/v2/organisations/:orgId',
    right: 'manage_organisations',
    handle: (request) => {
      const org = organisationOf(request);
      requireRole(request, org, ['ADMIN']);
      applyFields(request, org);
      return { status: 200, json: organisationView(org) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/v2/organisations/:orgId',
    right: 'manage_organisations',
    handle: (request) => {
      const org = organisationOf(request);
      if (org.personal) throw new HttpError(400, 'A personal organisation cannot be deleted');
      requireRole(request, org, ['ADMIN']);
      const owned = [...request.state.applications.values(), ...request.state.addons.values()];
      if (owned.some((record) => record.ownerId === org.id)) {
        throw new HttpError(400, `Delete the applications and add-ons of ${org.name} first`);
      }
      request.state.organisations.delete(org.id);
      return success(`The organisation ${org.name} has been deleted`);
    },
  },
  {
    method: 'GET',
    pattern: '/v2/organisations/:orgId/members',
    right: 'access_organisations',
    handle: (request) => {
      const org = organisationOf(request);
      return { status: 200, json: org.members.map((member) => memberView(request, member)) };
    },
  },
  {
    // The real platform sends an invitation; the sandbox has no mailbox, so a known user joins at once.
    method: 'POST',
    pattern: '/v2/organisations/:orgId/members',
    right: 'manage_organisations_members',
    handle: (request) => {
      const org = organisationOf(request);
      requireRole(request, org, ['ADMIN', 'MANAGER']);
      const body = jsonObject(request);
      const email = requiredString(body, 'email');
      const user = findUserByEmail(request.state, email);
      if (!user) throw new HttpError(404, `No Sandbox Cloud user has the email address ${email}`);
      if (org.members.some((member) => member.userId === user.id)) {
        throw new HttpError(400, `${email} is already a member of ${org.name}`, { id: ERROR_IDS.alreadyDefined });
      }
      org.members.push({ userId: user.id, role: parseRole(body.role), job: optionalString(body, 'job') });
      return success(`${email} is now a member of ${org.name}`);
    },
  },
  {
    method: 'PUT',
    pattern: '/v2/organisations/:orgId/members/:userId',
    right: 'manage_organisations_members',
    handle: (request) => {
      const org = organisationOf(request);
      requireRole(request, org, ['ADMIN', 'MANAGER']);
      const member = memberOf(request, org);
      const body = jsonObject(request);
      if (body.role !== undefined) member.role = parseRole(body.role);
      const job = optionalString(body, 'job');
      if (job !== undefined) member.job = job;
      return { status: 200, json: memberView(request, member) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/v2/organisations/:orgId/members/:userId',
    right: 'manage_organisations_members',
    handle: (request) => {
      const org = organisationOf(request);
      const member = memberOf(request, org);
      if (member.userId !== request.caller.user.id) requireRole(request, org, ['ADMIN', 'MANAGER']);
      const admins = org.members.filter((candidate) => candidate.role === 'ADMIN');
      if (member.role === 'ADMIN' && admins.length === 1) {
        throw new HttpError(400, `${org.name} needs at least one admin`);
      }
      org.members = org.members.filter((candidate) => candidate !== member);
      return success('The member has been removed');
    },
  },
];

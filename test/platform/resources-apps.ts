/** Organisations, applications (rename, delete, env, tags) and add-ons, under both org and self paths. */
import { HttpError, parseJsonBody } from './http-util.ts';
import {
  applicationOf,
  applicationView,
  formPairs,
  jsonObject,
  optionalString,
  orgAndSelf,
  organisationOf,
  success,
} from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import type { EnvVar, Organisation } from './state.ts';

const READ = { org: 'access_organisations', self: 'access_organisations' } as const;
const WRITE = { org: 'manage_organisations_applications', self: 'manage_organisations_applications' } as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const TAG = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;

export function organisationView(org: Organisation): Record<string, unknown> {
  const { members: _members, personal: _personal, ...view } = org;
  return view;
}

function parseEnv(request: ResourceRequest): EnvVar[] {
  const value = parseJsonBody(request.req, request.body);
  let env: EnvVar[];
  if (Array.isArray(value)) {
    env = value.map((item, index) => {
      if (typeof item !== 'object' || item === null) throw new HttpError(400, `Item ${index} must be {name, value}`);
      return checkEnvVar((item as { name?: unknown }).name, (item as { value?: unknown }).value);
    });
  } else if (typeof value === 'object' && value !== null) {
    env = Object.entries(value).map(([name, v]) => checkEnvVar(name, v));
  } else {
    throw new HttpError(400, 'Expected a JSON array of {name, value} or an object of NAME: value');
  }
  const names = new Set(env.map((v) => v.name));
  if (names.size !== env.length) throw new HttpError(400, 'Each environment variable name may appear only once');
  return env;
}

function checkEnvVar(name: unknown, value: unknown): EnvVar {
  if (typeof name !== 'string' || !ENV_NAME.test(name)) {
    throw new HttpError(400, `Invalid environment variable name ${JSON.stringify(name)}`);
  }
  if (typeof value !== 'string') throw new HttpError(400, `Value of ${name} must be a string`);
  return { name, value };
}

export const appRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/organisations/:orgId',
    right: 'access_organisations',
    handle: (request) => ({ status: 200, json: organisationView(organisationOf(request)) }),
  },
  ...orgAndSelf('/applications', 'GET', READ, (request) => {
    const org = organisationOf(request);
    const apps = [...request.state.applications.values()].filter((app) => app.ownerId === org.id);
    return { status: 200, json: apps.map(applicationView) };
  }),
  ...orgAndSelf('/applications/:appId', 'GET', READ, (request) => ({
    status: 200,
    json: applicationView(applicationOf(request)),
  })),
  ...orgAndSelf('/applications/:appId', 'PUT', WRITE, (request) => {
    const app = applicationOf(request);
    const body = jsonObject(request);
    const name = optionalString(body, 'name');
    const description = optionalString(body, 'description');
    if (name !== undefined) {
      if (name.trim() === '' || name.length > 128) throw new HttpError(400, 'Field "name" must be 1 to 128 characters');
      app.view.name = name;
    }
    if (description !== undefined) app.view.description = description;
    return { status: 200, json: applicationView(app) };
  }),
  ...orgAndSelf('/applications/:appId', 'DELETE', WRITE, (request) => {
    const app = applicationOf(request);
    request.state.applications.delete(app.view.id);
    return success(`The application ${app.view.name} has been deleted`);
  }),
  ...orgAndSelf('/applications/:appId/env', 'GET', READ, (request) => ({
    status: 200,
    json: applicationOf(request).env.map((v) => ({ ...v })),
  })),
  ...orgAndSelf('/applications/:appId/env', 'PUT', WRITE, (request) => {
    const app = applicationOf(request);
    app.env = parseEnv(request).sort((a, b) => (a.name < b.name ? -1 : 1));
    return { status: 200, json: applicationView(app) };
  }),
  // Form-encoded write: its parameters are part of the OAuth signature base string.
  ...orgAndSelf('/applications/:appId/env', 'POST', WRITE, (request) => {
    const app = applicationOf(request);
    const form = new Map(formPairs(request));
    const variable = checkEnvVar(form.get('name'), form.get('value') ?? '');
    app.env = [...app.env.filter((v) => v.name !== variable.name), variable].sort((a, b) => (a.name < b.name ? -1 : 1));
    return { status: 200, json: app.env };
  }),
  ...orgAndSelf('/applications/:appId/tags', 'GET', READ, (request) => ({
    status: 200,
    json: [...applicationOf(request).tags],
  })),
  ...orgAndSelf('/applications/:appId/tags', 'POST', WRITE, (request) => {
    const app = applicationOf(request);
    const tags = formPairs(request)
      .filter(([key]) => key === 'tag')
      .map(([, value]) => value);
    if (tags.length === 0) throw new HttpError(400, 'Send at least one form field tag=…');
    for (const tag of tags) {
      if (!TAG.test(tag)) throw new HttpError(400, `Invalid tag ${JSON.stringify(tag)}`);
      if (!app.tags.includes(tag)) app.tags.push(tag);
    }
    return { status: 200, json: [...app.tags] };
  }),
  ...orgAndSelf('/applications/:appId/tags/:tag', 'DELETE', WRITE, (request) => {
    const app = applicationOf(request);
    if (!app.tags.includes(request.params.tag!)) throw new HttpError(404, `Tag ${request.params.tag} not found`);
    app.tags = app.tags.filter((tag) => tag !== request.params.tag);
    return { status: 200, json: [...app.tags] };
  }),
  ...orgAndSelf('/addons', 'GET', READ, (request) => {
    const org = organisationOf(request);
    const addons = [...request.state.addons.values()].filter((addon) => addon.ownerId === org.id);
    return { status: 200, json: addons.map((addon) => addon.view) };
  }),
  ...orgAndSelf('/addons/:addonId', 'GET', READ, (request) => {
    const org = organisationOf(request);
    const addon = request.state.addons.get(request.params.addonId!);
    if (!addon || addon.ownerId !== org.id) throw new HttpError(404, `Add-on ${request.params.addonId} not found`);
    return { status: 200, json: addon.view };
  }),
];

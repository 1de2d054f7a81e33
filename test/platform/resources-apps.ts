/**
 * Applications under both org and self paths: the record (list, read, create, update, delete), its environment
 * (whole, one variable, exposed), its links (dependencies, add-ons, and the variables they bring) and its tags.
 */
import { HttpError, parseJsonBody } from './http-util.ts';
import { type OwnedKind, ownedRoutes, recordOf, tagRoutes } from './owned-collection.ts';
import { emptySuccess, orgAndSelf, organisationOf } from './resource-helpers.ts';
import { addonKind, providedEnv } from './resources-addons.ts';
import { createApplication, updateApplication } from './resources-apps-write.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { Application, EnvVar, PlatformState } from './state.ts';

const ORG = '/v2/organisations/:orgId';
const READ = { org: 'access_organisations', self: 'access_organisations' } as const;
const WRITE = { org: 'manage_organisations_applications', self: 'manage_organisations_applications' } as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function applicationView(app: Application): Record<string, unknown> {
  // `branches`: the ones the repository has (the sandbox's repositories have the deployed branch only).
  return { ...app.view, branches: [app.view.branch], env: app.env.map((variable) => ({ ...variable })) };
}

export const applicationKind: OwnedKind<Application> = {
  label: 'Application',
  path: '/applications',
  param: 'appId',
  rights: { read: READ.org, write: WRITE.org },
  store: (state) => state.applications,
  view: (app) => applicationView(app),
  create: createApplication,
  update: updateApplication,
  onDelete: (state, app) => {
    for (const other of state.applications.values()) {
      other.dependencies = other.dependencies.filter((id) => id !== app.view.id);
    }
    state.tcpRedirs.delete(app.view.id);
  },
};

const appOf = (request: ResourceRequest) => recordOf(applicationKind, request);

export function checkEnvVar(name: unknown, value: unknown): EnvVar {
  if (typeof name !== 'string' || !ENV_NAME.test(name)) {
    throw new HttpError(400, `Invalid environment variable name ${JSON.stringify(name)}`);
  }
  if (typeof value !== 'string') throw new HttpError(400, `Value of ${name} must be a string`);
  return { name, value };
}

/** A whole environment: a JSON object `{NAME: value}` (what the official tools send) or an array of `{name, value}`. */
export function parseEnv(request: ResourceRequest): EnvVar[] {
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
  if (new Set(env.map((v) => v.name)).size !== env.length) {
    throw new HttpError(400, 'Each environment variable name may appear only once');
  }
  return sortEnv(env);
}

function sortEnv(env: EnvVar[]): EnvVar[] {
  return env.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const appReply = (app: Application): Reply => ({ status: 200, json: applicationView(app) });
const envObject = (env: EnvVar[]) => Object.fromEntries(env.map((variable) => [variable.name, variable.value]));

function sameOwner(state: PlatformState, app: Application, id: string): Application {
  const other = state.applications.get(id);
  if (!other || other.ownerId !== app.ownerId) throw new HttpError(404, `Application ${id} not found`);
  return other;
}

const envRoutes: Route[] = [
  ...orgAndSelf('/applications/:appId/env', 'GET', READ, (request) => ({
    status: 200,
    json: appOf(request).env.map((variable) => ({ ...variable })),
  })),
  // The writes answer with the application, whose `env` the official client reads.
  ...orgAndSelf('/applications/:appId/env', 'PUT', WRITE, (request) => {
    const app = appOf(request);
    app.env = parseEnv(request);
    return appReply(app);
  }),
  ...orgAndSelf('/applications/:appId/env/:name', 'PUT', WRITE, (request) => {
    const app = appOf(request);
    const body = parseJsonBody(request.req, request.body) as { value?: unknown } | null;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'Expected a JSON object {"value": "…"}');
    }
    const variable = checkEnvVar(request.params.name, body.value);
    app.env = sortEnv([...app.env.filter((v) => v.name !== variable.name), variable]);
    return appReply(app);
  }),
  ...orgAndSelf('/applications/:appId/env/:name', 'DELETE', WRITE, (request) => {
    const app = appOf(request);
    if (!app.env.some((v) => v.name === request.params.name)) {
      throw new HttpError(404, `Environment variable ${request.params.name} not found`);
    }
    app.env = app.env.filter((v) => v.name !== request.params.name);
    return appReply(app);
  }),
  ...orgAndSelf('/applications/:appId/exposed_env', 'GET', READ, (request) => ({
    status: 200,
    json: envObject(appOf(request).exposedEnv),
  })),
  ...orgAndSelf('/applications/:appId/exposed_env', 'PUT', WRITE, (request) => {
    const app = appOf(request);
    app.exposedEnv = parseEnv(request);
    return { status: 200, json: envObject(app.exposedEnv) };
  }),
  ...orgAndSelf('/applications/:appId/dependencies/env', 'GET', READ, (request) => {
    const app = appOf(request);
    const deps = app.dependencies.map((id) => sameOwner(request.state, app, id));
    return {
      status: 200,
      json: deps.map((dep) => ({ app_id: dep.view.id, app_name: dep.view.name, env: dep.exposedEnv })),
    };
  }),
  ...orgAndSelf('/applications/:appId/addons/env', 'GET', READ, (request) => {
    const app = appOf(request);
    const addons = app.linkedAddons.flatMap((id) => request.state.addons.get(id) ?? []);
    return {
      status: 200,
      json: addons.map((addon) => ({
        addon_id: addon.view.id,
        addon_name: addon.view.name,
        provider_id: (addon.view.provider as { id: string }).id,
        env: providedEnv(addon, request.clock.now()),
      })),
    };
  }),
];

const linkRoutes: Route[] = [
  ...orgAndSelf('/applications/:appId/dependencies', 'GET', READ, (request) => {
    const app = appOf(request);
    return { status: 200, json: app.dependencies.map((id) => applicationView(sameOwner(request.state, app, id))) };
  }),
  ...orgAndSelf('/applications/:appId/dependencies/:dependencyId', 'PUT', WRITE, (request) => {
    const app = appOf(request);
    const dep = sameOwner(request.state, app, request.params.dependencyId!);
    if (dep === app) throw new HttpError(400, 'An application cannot depend on itself');
    if (!app.dependencies.includes(dep.view.id)) app.dependencies.push(dep.view.id);
    return emptySuccess(
      'PUT',
      `${ORG}/applications/:appId/dependencies/:dependencyId`,
      'The dependency has been added',
    );
  }),
  ...orgAndSelf('/applications/:appId/dependencies/:dependencyId', 'DELETE', WRITE, (request) => {
    const app = appOf(request);
    if (!app.dependencies.includes(request.params.dependencyId!)) {
      throw new HttpError(404, `Application ${request.params.dependencyId} is not a dependency`);
    }
    app.dependencies = app.dependencies.filter((id) => id !== request.params.dependencyId);
    return emptySuccess(
      'DELETE',
      `${ORG}/applications/:appId/dependencies/:dependencyId`,
      'The dependency has been removed',
    );
  }),
  ...orgAndSelf('/applications/:appId/dependents', 'GET', READ, (request) => {
    const app = appOf(request);
    const dependents = [...request.state.applications.values()].filter((other) =>
      other.dependencies.includes(app.view.id),
    );
    return { status: 200, json: dependents.map(applicationView) };
  }),
  ...orgAndSelf('/applications/:appId/addons', 'GET', READ, (request) => {
    const app = appOf(request);
    const addons = app.linkedAddons.flatMap((id) => request.state.addons.get(id) ?? []);
    return { status: 200, json: addons.map((addon) => addonKind.view(addon, request.state)) };
  }),
  // The official tools send the add-on id as a JSON string (`JSON.stringify(addonId)`); a real id works too.
  ...orgAndSelf('/applications/:appId/addons', 'POST', WRITE, (request) => {
    const app = appOf(request);
    const id = parseJsonBody(request.req, request.body);
    if (typeof id !== 'string') throw new HttpError(400, 'Expected the add-on id as a JSON string');
    const addon = [...request.state.addons.values()].find((a) => a.view.id === id || a.view.realId === id);
    if (!addon || addon.ownerId !== organisationOf(request).id) throw new HttpError(404, `Add-on ${id} not found`);
    if (!app.linkedAddons.includes(addon.view.id)) app.linkedAddons.push(addon.view.id);
    return emptySuccess('POST', `${ORG}/applications/:appId/addons`, 'The add-on has been linked');
  }),
  ...orgAndSelf('/applications/:appId/addons/:addonId', 'DELETE', WRITE, (request) => {
    const app = appOf(request);
    const addon = [...request.state.addons.values()].find(
      (a) => a.view.id === request.params.addonId || a.view.realId === request.params.addonId,
    );
    if (!addon || !app.linkedAddons.includes(addon.view.id)) {
      throw new HttpError(404, `Add-on ${request.params.addonId} is not linked to this application`);
    }
    app.linkedAddons = app.linkedAddons.filter((id) => id !== addon.view.id);
    return emptySuccess('DELETE', `${ORG}/applications/:appId/addons/:addonId`, 'The add-on has been unlinked');
  }),
];

export const appRoutes: Route[] = [
  ...ownedRoutes(applicationKind),
  ...envRoutes,
  ...linkRoutes,
  ...tagRoutes(applicationKind),
];

/** Creating and changing an application: the JSON bodies the official client sends, checked field by field. */
import { randomBytes } from 'node:crypto';
import { HttpError } from './http-util.ts';
import { createRng } from './random.ts';
import { jsonObject, optionalString, requiredString } from './resource-helpers.ts';
import type { ResourceRequest } from './router.ts';
import { buildApplication } from './seed-apps.ts';
import { flavor, VARIANTS, type VariantSlug, variantOf } from './seed-products.ts';
import type { Application } from './state.ts';

const FLAVOR_NAMES = ['pico', 'nano', 'XS', 'S', 'M'];

function checkName(name: string): string {
  if (name.trim() === '' || name.length > 128) throw new HttpError(400, 'Field "name" must be 1 to 128 characters');
  return name;
}

function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new HttpError(400, `Field "${field}" must be true or false`);
  return value;
}

function optionalFlavor(body: Record<string, unknown>, field: string): string | undefined {
  const value = optionalString(body, field);
  if (value === undefined || value === '') return undefined;
  if (!FLAVOR_NAMES.includes(value)) {
    throw new HttpError(400, `Field "${field}" must be one of ${FLAVOR_NAMES.join(', ')}, got ${value}`);
  }
  return value;
}

/** The runtime named by `instanceVariant` (a variant id, as the client sends) or `instanceType`. */
function variantFrom(body: Record<string, unknown>): VariantSlug {
  const variantId = optionalString(body, 'instanceVariant');
  const type = optionalString(body, 'instanceType');
  const slugs = Object.keys(VARIANTS) as VariantSlug[];
  const slug = slugs.find((candidate) =>
    variantId ? variantOf(candidate).id === variantId : VARIANTS[candidate].deployType === type,
  );
  if (!slug) {
    throw new HttpError(400, 'Unknown runtime: send instanceVariant (an id of /v2/products/instances) or instanceType');
  }
  return slug;
}

export function createApplication(request: ResourceRequest, ownerId: string): Application {
  const body = jsonObject(request);
  const variant = variantFrom(body);
  const zone = optionalString(body, 'zone') ?? 'par';
  if (!request.state.zones.some((candidate) => candidate.name === zone)) {
    throw new HttpError(400, `Unknown zone ${zone}: see /v4/products/zones`);
  }
  // Fresh randomness for the new record's ids and commit; the seeded world stays as it was.
  const app = buildApplication(createRng(randomBytes(4).readUInt32LE()), request.state, {
    ownerId,
    name: checkName(requiredString(body, 'name')),
    description: optionalString(body, 'description') ?? '',
    variant,
    zone,
    state: 'SHOULD_BE_DOWN',
    flavor: optionalFlavor(body, 'minFlavor') ?? 'XS',
    createdAt: request.clock.now(),
    env: [],
    tags: Array.isArray(body.tags) ? body.tags.filter((tag): tag is string => typeof tag === 'string') : [],
  });
  const maxFlavor = optionalFlavor(body, 'maxFlavor');
  if (maxFlavor) app.view.instance = { ...(app.view.instance as object), maxFlavor: flavor(maxFlavor) };
  const env = body.env;
  if (env !== undefined && (typeof env !== 'object' || env === null || Array.isArray(env))) {
    throw new HttpError(400, 'Field "env" must be an object of NAME: value');
  }
  app.env = Object.entries((env as Record<string, unknown>) ?? {})
    .map(([name, value]) => {
      if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
        throw new HttpError(400, `Invalid environment variable name ${JSON.stringify(name)}`);
      }
      if (typeof value !== 'string') throw new HttpError(400, `Value of ${name} must be a string`);
      return { name, value };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return app;
}

const EDITABLE_BOOLEANS = ['stickySessions', 'homogeneous', 'favourite', 'cancelOnPush', 'separateBuild', 'archived'];

function optionalCount(body: Record<string, unknown>, field: string): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 40) {
    throw new HttpError(400, `Field "${field}" must be an integer from 1 to 40`);
  }
  return value as number;
}

/**
 * Scaling, as `clever scale` sends it: the application's `instance` with flavor names instead of objects, plus
 * `separateBuild` and `buildFlavor` (clever-tools models/application.js:318-338, `setScalability`). Stored on the
 * application's `instance` (flavors as records) and read back by `clever status` and every GET of the application.
 */
function updateScalability(body: Record<string, unknown>, app: Application): void {
  const instance = { ...(app.view.instance as Record<string, unknown>) };
  const minFlavor = optionalFlavor(body, 'minFlavor');
  const maxFlavor = optionalFlavor(body, 'maxFlavor');
  const minInstances = optionalCount(body, 'minInstances');
  const maxInstances = optionalCount(body, 'maxInstances');
  if (minFlavor) instance.minFlavor = flavor(minFlavor);
  if (maxFlavor) instance.maxFlavor = flavor(maxFlavor);
  if (minInstances !== undefined) instance.minInstances = minInstances;
  if (maxInstances !== undefined) instance.maxInstances = maxInstances;
  const order = (name: unknown) => FLAVOR_NAMES.indexOf((name as { name: string }).name);
  if (order(instance.minFlavor) > order(instance.maxFlavor)) {
    throw new HttpError(400, 'minFlavor must not be bigger than maxFlavor');
  }
  if ((instance.minInstances as number) > (instance.maxInstances as number)) {
    throw new HttpError(400, 'minInstances must not be more than maxInstances');
  }
  app.view.instance = instance;
  const buildFlavor = optionalFlavor(body, 'buildFlavor');
  if (buildFlavor) app.view.buildFlavor = flavor(buildFlavor);
}

export function updateApplication(request: ResourceRequest, app: Application): void {
  const body = jsonObject(request);
  updateScalability(body, app);
  const name = optionalString(body, 'name');
  if (name !== undefined) app.view.name = checkName(name);
  const description = optionalString(body, 'description');
  if (description !== undefined) app.view.description = description;
  for (const field of EDITABLE_BOOLEANS) {
    const value = optionalBoolean(body, field);
    if (value !== undefined) app.view[field] = value;
  }
  const forceHttps = optionalString(body, 'forceHttps');
  if (forceHttps !== undefined) {
    if (forceHttps !== 'ENABLED' && forceHttps !== 'DISABLED') {
      throw new HttpError(400, 'Field "forceHttps" must be ENABLED or DISABLED');
    }
    app.view.forceHttps = forceHttps;
  }
}

/** The public product catalog: zones and runtimes. Any signed caller may read it. */
import { HttpError } from './http-util.ts';
import type { Route } from './router.ts';
import { runtimes } from './seed-products.ts';

export const productRoutes: Route[] = [
  {
    // `?ownerId=` narrows the zones an owner may use on the real platform; every sandbox owner may use them all.
    method: 'GET',
    pattern: '/v4/products/zones',
    handle: ({ state }) => ({ status: 200, json: state.zones }),
  },
  {
    method: 'GET',
    pattern: '/v4/products/zones/:name',
    handle: ({ state, params }) => {
      const zone = state.zones.find((candidate) => candidate.name === params.name);
      if (!zone) throw new HttpError(404, `Zone ${params.name} not found`);
      return { status: 200, json: zone };
    },
  },
  {
    method: 'GET',
    pattern: '/v2/products/instances',
    handle: () => ({ status: 200, json: runtimes() }),
  },
];

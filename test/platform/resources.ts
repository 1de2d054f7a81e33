/** Every resource endpoint of the API, shared by the API server (OAuth) and the bridge (API tokens, PLAINTEXT). */
import { appRoutes } from './resources-apps.ts';
import { billingRoutes } from './resources-billing.ts';
import { consumerRoutes } from './resources-consumers.ts';
import { selfRoutes } from './resources-self.ts';
import { Router } from './router.ts';

export function createResourceRouter(): Router {
  return new Router().add(...selfRoutes, ...appRoutes, ...billingRoutes, ...consumerRoutes);
}

/**
 * Every resource endpoint of the API, shared by the API server (OAuth) and the bridge (API tokens, PLAINTEXT). The
 * router is this table: to add an endpoint, add a route (or a kind in owned-collection.ts) to one of these lists.
 */
import { addonRoutes } from './resources-addons.ts';
import { appLifecycleRoutes } from './resources-app-lifecycle.ts';
import { appRoutes } from './resources-apps.ts';
import { billingRoutes } from './resources-billing.ts';
import { catalogResponderRoutes } from './resources-catalog.ts';
import { consumerRoutes } from './resources-consumers.ts';
import { drainRoutes } from './resources-drains.ts';
import { notificationRoutes } from './resources-notifications.ts';
import { organisationRoutes } from './resources-orgs.ts';
import { productRoutes } from './resources-products.ts';
import { selfRoutes } from './resources-self.ts';
import { mfaRoutes } from './resources-self-mfa.ts';
import { sftpDeployRoutes } from './resources-sftp-deploy.ts';
import { sshKeyRoutes } from './resources-ssh-keys.ts';
import { testOnlyRoutes } from './resources-test-only.ts';
import { Router } from './router.ts';

export function createResourceRouter(): Router {
  return new Router().add(
    ...selfRoutes,
    ...mfaRoutes,
    ...organisationRoutes,
    ...appRoutes,
    ...appLifecycleRoutes,
    ...addonRoutes,
    ...consumerRoutes,
    ...billingRoutes,
    ...productRoutes,
    ...sftpDeployRoutes,
    ...drainRoutes,
    ...notificationRoutes,
    ...sshKeyRoutes,
    ...testOnlyRoutes,
    // Last: the hand-written routes above answer first where both match.
    ...catalogResponderRoutes,
  );
}

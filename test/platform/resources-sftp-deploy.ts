/**
 * The platform operations of deploying the SFTP server (spec §4.4 step 3) that the catalog responder cannot keep
 * consistent: TCP redirection namespaces, and the redirections of an application, each with a public port unique
 * in the sandbox. Shapes as `clever tcp-redirs` reads them: `[{namespace, port}]`; POST `{namespace}` → `{port}`.
 */
import { HttpError, parseJsonBody } from './http-util.ts';
import { recordOf } from './owned-collection.ts';
import { organisationOf, success } from './resource-helpers.ts';
import { applicationKind } from './resources-apps.ts';
import type { Route } from './router.ts';

const READ = 'access_organisations';
const WRITE = 'manage_organisations_applications';
export const TCP_NAMESPACES = ['default', 'cleverapps'];
const FIRST_PORT = 5000;

const APP = '/v2/organisations/:orgId/applications/:appId/tcpRedirs';

export const sftpDeployRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/organisations/:orgId/namespaces',
    right: READ,
    handle: (request) => {
      organisationOf(request);
      return { status: 200, json: TCP_NAMESPACES.map((namespace) => ({ namespace })) };
    },
  },
  {
    method: 'GET',
    pattern: APP,
    right: READ,
    handle: (request) => {
      const app = recordOf(applicationKind, request);
      return { status: 200, json: (request.state.tcpRedirs.get(app.view.id) ?? []).map((redir) => ({ ...redir })) };
    },
  },
  {
    method: 'POST',
    pattern: APP,
    right: WRITE,
    handle: (request) => {
      const app = recordOf(applicationKind, request);
      const body = parseJsonBody(request.req, request.body) as { namespace?: unknown } | null;
      const namespace = body?.namespace;
      if (typeof namespace !== 'string' || !TCP_NAMESPACES.includes(namespace)) {
        throw new HttpError(400, `Field "namespace" must be one of ${TCP_NAMESPACES.join(', ')}`);
      }
      const used = [...request.state.tcpRedirs.values()].flat().map((redir) => redir.port);
      const port = Math.max(FIRST_PORT - 1, ...used) + 1;
      const redirs = request.state.tcpRedirs.get(app.view.id) ?? [];
      redirs.push({ namespace, port });
      request.state.tcpRedirs.set(app.view.id, redirs);
      return { status: 200, json: { port } };
    },
  },
  {
    method: 'DELETE',
    pattern: `${APP}/:sourcePort`,
    right: WRITE,
    handle: (request) => {
      const app = recordOf(applicationKind, request);
      const port = Number(request.params.sourcePort);
      const namespace = request.query.get('namespace');
      const redirs = request.state.tcpRedirs.get(app.view.id) ?? [];
      const kept = redirs.filter(
        (redir) => redir.port !== port || (namespace !== null && redir.namespace !== namespace),
      );
      if (kept.length === redirs.length) throw new HttpError(404, `No TCP redirection on port ${port}`);
      request.state.tcpRedirs.set(app.view.id, kept);
      return success(`The TCP redirection on port ${port} has been removed`);
    },
  },
];

/**
 * A route the real platform does not have and the endpoint catalog does not list: it exists only so that tests can
 * send a signed, form-encoded resource call (whose fields are part of the OAuth base string) and see what the sandbox
 * verified. It answers with the fields and records them in `state.signedForms`. It lives under `/v2/` because the
 * extension sends only `/v2/` and `/v4/` paths to the API.
 */
import { formPairs } from './resource-helpers.ts';
import type { Route } from './router.ts';

export const TEST_ONLY_SIGNED_FORM_PATH = '/v2/test-only/signed-form';

export const testOnlyRoutes: Route[] = [
  {
    method: 'POST',
    pattern: TEST_ONLY_SIGNED_FORM_PATH,
    handle: (request) => {
      const fields = formPairs(request).filter(([name]) => !name.startsWith('oauth_'));
      const signatureMethod = request.caller.accessToken ? 'OAuth' : 'API token';
      request.state.signedForms.push({ fields, signatureMethod });
      return { status: 200, json: { fields: Object.fromEntries(fields), verified: true } };
    },
  },
];

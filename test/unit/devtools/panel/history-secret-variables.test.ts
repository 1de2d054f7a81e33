// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../../../src/core/protocol.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { waitForValue } from '../../support/dom.ts';
import { createFakeServices, jsonResponse } from '../fake-services.ts';

/**
 * A secret variable filled under a plain header name is sent as it is, and kept masked in history: the draft keeps
 * `{{dbPassword}}`, history the resolved request, where the header's name says nothing of a secret.
 */
describe('a Send with a secret variable in a header of a plain name', () => {
  it('keeps the value masked in history, in the request and where the answer echoes it', async () => {
    const secret = 'db-pa55word-value';
    const sent: SendRequest[] = [];
    const fake = createFakeServices((request) => {
      sent.push(request);
      return jsonResponse(request, { message: `bad password ${secret}` }, 400);
    });
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    workbench.variables.set({
      environments: [{ id: 'e1', name: 'dev', variables: [{ name: 'dbPassword', value: secret, enabled: true }] }],
      activeEnvironmentId: 'e1',
      contexts: {},
    });
    workbench.draft.set(
      createDraft({ path: '/v2/self', headers: [{ name: 'X-Db', value: '{{dbPassword}}', enabled: true }] }),
    );
    await workbench.send();
    expect(sent[0]?.headers).toEqual([['X-Db', secret]]);
    const [entry] = await waitForValue(async () => {
      const list = await fake.services.history.list();
      return list.length > 0 ? list : undefined;
    });
    expect(entry?.request.headers).toEqual([['X-Db', REDACTED]]);
    const body = await fake.services.history.body(entry!.id);
    expect(JSON.stringify({ entry, body })).not.toContain(secret);
    workbench.dispose();
  });
});

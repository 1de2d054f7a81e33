// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { openSaved, saveActiveTab } from '../../../../src/devtools/panel/collections/saved-actions.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { createFakeServices } from '../fake-services.ts';

describe('saving and reopening a request', () => {
  it('saves the active tab masked, links it, and reopens it in its own tab', async () => {
    const { services } = createFakeServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    workbench.open(
      createDraft({
        path: '/v2/self',
        headers: [
          { name: 'X-Client-Secret', value: 'typed-secret', enabled: true },
          { name: 'X-Trace', value: 't1', enabled: true },
        ],
      }),
    );
    const item = await saveActiveTab(workbench, workbench.saved, { name: 'Me', folder: ' Me / Self ', asNew: false });
    expect(item.folder).toBe('Me/Self');
    expect(JSON.stringify(await workbench.saved.list())).not.toContain('typed-secret');
    // The tab keeps what was typed; it is now named after the saved request.
    expect(workbench.draft.get().headers[0]?.value).toBe('typed-secret');
    expect(workbench.tabs.get().tabs[0]?.name).toBe('Me');

    // Saving again updates the same record.
    workbench.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    await saveActiveTab(workbench, workbench.saved, { name: 'Me', folder: 'Me/Self', asNew: false });
    expect((await workbench.saved.list()).map((entry) => entry.draft.path)).toEqual(['/v2/self/applications']);

    workbench.newTab();
    openSaved(workbench, item);
    expect(workbench.tabs.get().tabs).toHaveLength(2);
    expect(workbench.tabs.get().activeId).toBe(workbench.tabs.get().tabs[0]?.id);
    workbench.closeTab(workbench.tabs.get().tabs[0]?.id as string);
    const [stored] = await workbench.saved.list();
    openSaved(workbench, stored!);
    expect(workbench.draft.get().path).toBe('/v2/self/applications');
    expect(workbench.notices.get()[0]).toMatch(/Headers: X-Client-Secret/);
    workbench.dispose();
  });

  it('names a request saved without a name after its masked path, never the secret typed in it', async () => {
    const { services } = createFakeServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    workbench.open(createDraft({ path: '/v2/self?access_token=s3cr3t-value' }));
    const item = await saveActiveTab(workbench, workbench.saved, { name: ' ', folder: '', asNew: true });
    expect(item.name).toMatch(/^GET \/v2\/self\?access_token=/);
    expect(JSON.stringify(await workbench.saved.list())).not.toContain('s3cr3t');
    workbench.dispose();
  });

  it('names a request saved without a name after its masked path when a segment’s parameter holds a secret', async () => {
    const { services } = createFakeServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    workbench.open(createDraft({ path: '/v2/self;access_token=s3cr3t-a;v=2/x;PASSWORD=s3cr3t-b' }));
    const item = await saveActiveTab(workbench, workbench.saved, { name: '', folder: '', asNew: true });
    const mask = encodeURIComponent(REDACTED);
    expect(item.name).toBe(`GET /v2/self;access_token=${mask};v=2/x;PASSWORD=${mask}`);
    expect(item.draft.path).toBe(`/v2/self;access_token=${mask};v=2/x;PASSWORD=${mask}`);
    expect(JSON.stringify(await workbench.saved.list())).not.toContain('s3cr3t');
    workbench.dispose();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import SaveDialog from '../../../../../src/devtools/panel/collections/SaveDialog.tsx';
import { createWorkbench } from '../../../../../src/devtools/panel/workbench.ts';
import { button, field, mount, unmountAll, user, waitForValue } from '../../../support/dom.ts';
import { createFakeServices } from '../../fake-services.ts';

afterEach(unmountAll);

describe('the Save dialog', () => {
  it('offers a name with the secret typed in the path masked, so Save as offered stores none', async () => {
    const { services } = createFakeServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    // A segment's parameter, and a query typed in the path: both masked in the saved draft.
    for (const path of ['/v2/self;access_token=s3cr3t-value', '/v2/self?password=s3cr3t-value']) {
      workbench.newTab(createDraft({ path }));
      const { root, unmount } = mount(<SaveDialog workbench={workbench} onClose={() => undefined} />);
      const name = field(root, 'Name').value;
      expect(name).toMatch(/^GET \/v2\/self/);
      expect(name).not.toContain('s3cr3t');
      await user.click(button(root, 'Save'));
      const saved = await waitForValue(async () => (await workbench.saved.list()).find((item) => item.name === name));
      expect(JSON.stringify(saved)).not.toContain('s3cr3t');
      // The tab keeps what was typed: that is what Send sends.
      expect(workbench.draft.get().path).toBe(path);
      unmount();
    }
    expect(JSON.stringify(await workbench.saved.list())).not.toContain('s3cr3t');
    workbench.dispose();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../../src/core/protocol.ts';
import { createDraft } from '../../../src/core/workbench/request-draft.ts';
import { SigningOptions } from '../../../src/devtools/panel/composer/SigningOptions.tsx';
import { mount, text } from '../support/dom.ts';
import { SANDBOX_PROFILE } from '../support/sandbox-session.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

function bridgeLabels(status: SessionStatus): string {
  view = mount(
    <SigningOptions
      draft={createDraft({ target: 'bridge' })}
      session={{ state: 'ready', status }}
      onChange={() => {}}
    />,
  );
  return text(view.root);
}

describe('SigningOptions says truly what a bridge call uses (issue 14)', () => {
  it('names the API token in use even while signed out of OAuth (a token kept at onboarding)', () => {
    const labels = bridgeLabels({
      state: 'signed-out',
      profile: SANDBOX_PROFILE,
      bridgeToken: { apiTokenId: 't1', name: 'kept at onboarding' },
    });
    expect(labels).toContain('Automatic: the API token “kept at onboarding”');
  });

  it('claims no token once none is stored (after sign-out)', () => {
    const labels = bridgeLabels({ state: 'signed-out', profile: SANDBOX_PROFILE });
    expect(labels).toContain('Automatic: your OAuth session (no API token is chosen)');
    expect(labels).not.toContain('API token “');
  });
});

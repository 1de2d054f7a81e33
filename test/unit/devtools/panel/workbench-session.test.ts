import { describe, expect, it, vi } from 'vitest';
import type { SessionStatus } from '../../../../src/core/protocol.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { signedOut } from '../../support/sandbox-session.ts';
import { createFakeServices, SIGNED_IN } from '../fake-services.ts';

describe('the workbench’s session', () => {
  it('follows a change made elsewhere (popup, settings, worker) without a reload', async () => {
    const fake = createFakeServices();
    let status: SessionStatus = {
      ...SIGNED_IN,
      bridgeToken: { apiTokenId: 'tok_1', name: 'sandbox-default' },
    } as SessionStatus;
    const send = fake.services.send;
    fake.services.send = vi.fn(async (name: string, ...rest: unknown[]) =>
      name === 'session/status' ? status : (send as (n: string, ...r: unknown[]) => unknown)(name, ...rest),
    ) as unknown as typeof send;
    let changed: (() => void) | undefined;
    const stop = vi.fn();
    fake.services.watchSession = (listener) => {
      changed = listener;
      return stop;
    };
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    expect(workbench.session.get()).toMatchObject({
      state: 'ready',
      status: { bridgeToken: { name: 'sandbox-default' } },
    });

    // "Stop using this token" in another view, then a sign-out in the popup.
    status = { ...SIGNED_IN } as SessionStatus;
    changed?.();
    await vi.waitFor(() => {
      const session = workbench.session.get();
      expect(session.state === 'ready' && 'bridgeToken' in session.status && session.status.bridgeToken).toBeFalsy();
    });
    status = signedOut();
    changed?.();
    await vi.waitFor(() => expect(workbench.session.get()).toMatchObject({ status: { state: 'signed-out' } }));

    workbench.dispose();
    expect(stop).toHaveBeenCalled();
  });
});

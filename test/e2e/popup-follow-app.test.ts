/**
 * From the popup, an application links like an id in the panel: its "⋯" (loaded on first use) copies the id,
 * opens its console page, and "Compose a call…" opens Keyhole's panel page in a tab — the popup cannot open
 * DevTools — with the follow menu for that application already open, its organisation known; choosing a call
 * composes it and it sends. The menu opens once: a reload of that tab does not open it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { sendAndWait } from './support/devtools-panel-page.ts';
import { openPopup } from './support/extension-pages.ts';
import { type SandboxedExtension, startSignedInExtension } from './support/sandboxed-extension.ts';
import { saveScreenshot } from './support/screenshots.ts';

const CONSOLE = 'https://console.example.test';
let ext: SandboxedExtension;
const pageErrors: string[] = [];

beforeAll(async () => {
  ext = await startSignedInExtension({ profile: { consoleUrl: CONSOLE } });
});

afterAll(async () => {
  await ext?.close();
  expect(pageErrors).toEqual([]);
});

describe('an application in the popup', () => {
  it('copies its id, links to its console page, and composes a call in the panel opened as a tab', async () => {
    const org = [...ext.platform.state.organisations.values()].find((item) => item.name === 'Analytical Engines Ltd');
    if (!org) throw new Error('no seeded organisation');
    const app = [...ext.platform.state.applications.values()].find((item) => item.ownerId === org.id);
    if (!app) throw new Error('no seeded application');
    const popup = await openPopup(ext, { errors: pageErrors });
    await popup.locator(`[data-space-id="${org.id}"] .kp-space__toggle`).click();
    await popup.getByRole('button', { name: `Actions for ${app.view.name}` }).click();
    const actions = popup.getByRole('group', { name: `${app.view.name}: actions` });
    await actions.waitFor();
    expect(
      await popup.getByRole('button', { name: `Actions for ${app.view.name}` }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await actions.getByRole('link', { name: 'Open in console' }).getAttribute('href')).toBe(
      `${CONSOLE}/organisations/${org.id}/applications/${app.view.id}`,
    );
    await actions.getByRole('button', { name: 'Copy id' }).click();
    await expect.poll(() => actions.getByRole('button').first().innerText()).toMatch(/Copied|Copy failed/);
    expect(await seriousAxeViolations(popup)).toEqual([]);
    await saveScreenshot(popup, 'popup-app-actions-light');

    const opened = ext.context.waitForEvent('page', { predicate: (p) => p.url().includes('src/devtools/panel.html') });
    await actions.getByRole('link', { name: 'Compose a call…' }).click();
    const panel = await opened;
    panel.on('pageerror', (error) => pageErrors.push(error.message));
    const menu = panel.getByRole('dialog', { name: 'Follow application' });
    await menu.waitFor();
    expect(await menu.innerText()).toContain(app.view.id);
    const calls = menu.getByRole('list', { name: 'Calls this id fits' });
    await calls.waitFor();
    expect(await seriousAxeViolations(panel)).toEqual([]);
    await saveScreenshot(panel, 'devtools-follow-from-popup');
    await calls
      .getByRole('button', {
        name: /^GET\s+\/v2\/organisations\/\{organisationId\}\/applications\/\{applicationId\}\s/,
      })
      .click();
    expect(await panel.getByRole('textbox', { name: 'Path' }).inputValue()).toBe(
      '/v2/organisations/{organisationId}/applications/{applicationId}',
    );
    expect(await sendAndWait(panel)).toMatch(/200/);
    expect(await panel.getByRole('tree', { name: 'Response body as a tree' }).innerText()).toContain(app.view.id);
    // The request is dropped from the address: a reload does not open the menu again.
    expect(new URL(panel.url()).hash).toBe('#catalog');
  });
});

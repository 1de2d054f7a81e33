/**
 * The floor under the worker-wake figure: a second, minimal MV3 extension loaded in the same Chromium, whose classic
 * service worker does nothing but answer the same message with one fetch of the same sandbox URL. Waking it costs
 * what the browser itself charges any extension (start the worker thread and its V8 isolate, load a script, deliver
 * the message, and Playwright's own attach to every new worker); what Keyhole's wake costs beyond it is ours.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const FLOOR_WORKER_FILE = 'floor-worker.js';

const MANIFEST = {
  manifest_version: 3,
  name: 'Keyhole bench: blank worker',
  version: '1.0.0',
  description: 'The smallest worker that answers a message with one fetch: the floor for the worker-wake benchmark.',
  // A classic script, as Keyhole's own worker is (scripts/vite-single-file-worker.ts says why).
  background: { service_worker: FLOOR_WORKER_FILE },
  // The sandbox listens on loopback only; granted at install for an unpacked extension, like Keyhole's own.
  host_permissions: ['http://127.0.0.1/*'],
};

// Plain JS, as shipped: the message names a URL, the worker fetches it with the headers a signed call carries and
// answers with the status. No storage, no secrets, no signing: only what every such extension must do.
const WORKER = `chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || typeof message?.url !== 'string') return false;
  fetch(message.url, { headers: { Accept: 'application/json, */*', Authorization: message.authorization } }).then(
    (response) => sendResponse({ ok: true, status: response.status }),
    (error) => sendResponse({ ok: false, error: String(error) }),
  );
  return true;
});
`;

/** Writes the floor extension into `folder` and returns the folder, ready for `--load-extension`. */
export async function writeFloorExtension(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  await writeFile(join(folder, FLOOR_WORKER_FILE), WORKER);
  return folder;
}

import { documentCaller } from '../core/page-key.ts';
import { isEnvelope, type Reply } from '../core/protocol.ts';
import { listenForBodyPorts } from './body-port.ts';
import { listenForCalls } from './call-port.ts';
import { listenForBodyFetches } from './deferred-bodies.ts';
import { dispatch } from './dispatch.ts';
import { type Browser, browser } from './extension-api.ts';
import { startStorageMigrations } from './migrations/index.ts';
import { listenForStreams } from './stream-port.ts';
import { warmUp } from './warm-start.ts';

// First: stored records are brought to this build's formats before any message is answered (migrations/).
startStorageMigrations();

// The worker is a thin pipe: every page message goes to one handler of the typed map (dispatch.ts).
// sendResponse + `return true` keeps the channel open in both Chrome and Firefox (Chrome ignores a returned promise).
browser.runtime.onMessage.addListener(((
  message: unknown,
  sender: Browser.Runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
) => {
  const receivedAt = performance.now();
  // Only the extension's own pages, as on the call port: a content script (none today) shares the id, not the URL.
  if (!isEnvelope(message) || sender.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL('')))
    return false;
  dispatch(message, { senderUrl: sender.url, caller: documentCaller(sender), receivedAt }).then(sendResponse);
  return true;
}) as never);

// The pages' own send() uses the call port, which costs less per call than a runtime message (see call-port.ts).
listenForCalls();

// Large response bodies are fetched by pages from the worker itself (see deferred-bodies.ts); in Firefox they are
// read on a port instead (body-port.ts: `largeBodyTransport`). The build's mode, a literal once built, leaves the
// port out of Chrome's worker (its size budget).
listenForBodyFetches();
if (import.meta.env.MODE === 'firefox') listenForBodyPorts();

// Live streams (log lines, platform events) travel on a port, not by message (see stream-port.ts).
listenForStreams();

// Last, once every listener is wired: reads the first call will need, while its event is still on the way.
warmUp();

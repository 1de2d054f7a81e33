/**
 * Bundled into an extension page by tests (and the bench) that need the pages' own transport: exposes
 * src/ui/send.ts as `__khSend`, so calls go through exactly the retry and error handling the panel uses, on the
 * call port alone as the popup sends them, or after `__khUseChannel()` on the panel's channel.
 */
import { send } from '../../../src/ui/send.ts';
import { preferWorkerChannel } from '../../../src/ui/worker-channel.ts';

(globalThis as unknown as { __khSend: typeof send }).__khSend = send;
// Lines opened after this call take the panel's channel to the worker (ui/worker-channel.ts), not the port alone.
(globalThis as unknown as { __khUseChannel: typeof preferWorkerChannel }).__khUseChannel = preferWorkerChannel;

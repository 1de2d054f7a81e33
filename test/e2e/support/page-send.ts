/**
 * Bundled into an extension page by tests (and the bench) that need the pages' own transport: exposes
 * src/ui/send.ts as `__khSend`, so calls go through exactly the retry and error handling the panel uses.
 */
import { send } from '../../../src/ui/send.ts';

(globalThis as unknown as { __khSend: typeof send }).__khSend = send;

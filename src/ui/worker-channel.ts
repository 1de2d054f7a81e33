import { lineChannel } from './send.ts';

/**
 * Pages that make many calls (the DevTools panel) take them to the worker on a MessageChannel handed to it as the
 * page's controller (Chrome's extension pages are controlled by the extension's service worker), beside the call
 * port. The renderer carries a channel's messages from the page's thread to the worker's (the two share a process)
 * without the browser process, which a runtime port's go through both ways: 3 to 10 times as many round trips per
 * second at concurrency 10, and a third more signed GETs per second (1.33× in one run, bench/call-overhead.ts),
 * since a call's time at that concurrency is mostly CPU on a machine short of cores. Where the page
 * has no controller (Firefox's event page; a Chrome page loaded before the worker took charge, or reloaded past
 * it), the port carries the calls as before. The popup, which makes a few calls, keeps the port alone (its budget).
 */
export function preferWorkerChannel(): void {
  lineChannel.open = () => {
    const worker = globalThis.navigator?.serviceWorker?.controller;
    if (!worker) return undefined;
    const { port1, port2 } = new MessageChannel();
    worker.postMessage(0, [port2]);
    return {
      postMessage: (message: unknown) => port1.postMessage(message),
      onMessage: {
        addListener: (listener: (message: unknown) => void) => (port1.onmessage = (event) => listener(event.data)),
      },
    } as never;
  };
}

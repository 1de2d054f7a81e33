/**
 * The slice of `webextension-polyfill` the settings page uses, as a controllable fake: host permissions (with the
 * browser's prompt left pending, as in headless Chromium), storage change events and the manifest.
 */
type Listener = (...args: unknown[]) => void;

function createEvent() {
  const listeners = new Set<Listener>();
  return {
    addListener: (listener: Listener) => listeners.add(listener),
    removeListener: (listener: Listener) => listeners.delete(listener),
    fire: (...args: unknown[]) => {
      for (const listener of listeners) listener(...args);
    },
    count: () => listeners.size,
  };
}

export function createFakeBrowser() {
  const granted = new Set<string>();
  const requests: string[][] = [];
  let answerRequest: ((granted: boolean) => void) | undefined;
  const onAdded = createEvent();
  const onRemoved = createEvent();
  const onChanged = createEvent();
  return {
    granted,
    requests,
    /** Plays the user answering the browser's prompt. */
    answerPrompt(accept: boolean) {
      const last = requests[requests.length - 1] ?? [];
      if (accept) for (const pattern of last) granted.add(pattern);
      answerRequest?.(accept);
      if (accept) onAdded.fire({ origins: last });
    },
    permissions: {
      contains: async ({ origins }: { origins: string[] }) => origins.every((origin) => granted.has(origin)),
      // Records the call synchronously, as the real API must be called inside the click's user gesture.
      request: ({ origins }: { origins: string[] }) => {
        requests.push(origins);
        return new Promise<boolean>((resolve) => {
          answerRequest = resolve;
        });
      },
      onAdded,
      onRemoved,
    },
    storage: { onChanged },
    runtime: { getManifest: () => ({ version: '0.1.0' }) },
  };
}

export type FakeBrowser = ReturnType<typeof createFakeBrowser>;

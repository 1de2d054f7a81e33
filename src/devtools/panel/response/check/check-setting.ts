import type { KeyValueStorage } from '../../key-value-storage.ts';

/** Whether responses are compared with the description (on unless the user turned it off). */
const KEY = 'responseChecks';

export async function responseChecksOn(storage: KeyValueStorage): Promise<boolean> {
  return (await storage.get<boolean>(KEY).catch(() => undefined)) !== false;
}

export function setResponseChecks(storage: KeyValueStorage, on: boolean): Promise<void> {
  return storage.set(KEY, on);
}

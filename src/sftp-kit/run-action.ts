import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';

/** Runs an async action and hands back either its value or the error as data, for the UI to show as is. */
export async function runAction<T>(
  action: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: KeyholeErrorData }> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    return { ok: false, error: toErrorData(error) };
  }
}

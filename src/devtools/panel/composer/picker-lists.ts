import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { errorFromResponse, isSuccess, readJsonBody } from '../../../core/http/failed-response.ts';
import { idKind } from '../../../core/platform/id-kinds.ts';
import { type ListSource, type PickerOption, readPickerOptions } from '../../../core/platform/pickers.ts';
import type { PanelServices } from '../services.ts';
import { createStore, type Store } from '../store.ts';

/**
 * The lists behind the composer's pickers (add-ons, consumers, invoices, drains…), fetched through the worker
 * (signed like any call, never recorded in history) when a field asks for them, and kept per resolved path so
 * switching endpoints does not fetch again. A 404 is an empty list: the platform's way of saying "none yet".
 */
export type PickerListState =
  | { state: 'loading' }
  | { state: 'ready'; options: PickerOption[] }
  | { state: 'error'; error: KeyholeErrorData };

export interface PickerLists {
  lists: Store<Record<string, PickerListState>>;
  /** Loads `source` at the concrete `path` (its placeholders filled), unless loaded or loading. */
  load(source: ListSource, path: string, force?: boolean): Promise<void>;
}

export function pickerListKey(source: Pick<ListSource, 'target'>, path: string): string {
  return `${source.target} ${path}`;
}

export function createPickerLists(services: Pick<PanelServices, 'send' | 'sendInBackground'>): PickerLists {
  const lists = createStore<Record<string, PickerListState>>({});
  const set = (key: string, state: PickerListState) => lists.set({ ...lists.get(), [key]: state });

  const load = async (source: ListSource, path: string, force = false) => {
    const key = pickerListKey(source, path);
    const current = lists.get()[key];
    if (!force && current && current.state !== 'error') return;
    set(key, { state: 'loading' });
    const action = `fill the ${idKind(source.kind)?.label ?? 'value'} picker`;
    try {
      const response = await (services.sendInBackground ?? services.send)('request/send', {
        target: source.target,
        method: 'GET',
        path,
      });
      if (response.status === 404) return set(key, { state: 'ready', options: [] });
      if (!isSuccess(response)) throw errorFromResponse(response, { action });
      set(key, { state: 'ready', options: readPickerOptions(source, readJsonBody(response, action)) });
    } catch (error) {
      set(key, { state: 'error', error: toErrorData(error) });
    }
  };

  return { lists, load };
}

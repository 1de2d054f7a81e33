/**
 * What a reader set up in a response body's viewer (view, search, filter, opened nodes, focused node), kept per
 * response so it survives a switch of view: Tree → Raw → Tree, or Body → Headers → Body, which unmount the
 * viewer. Keyed by the response object itself, so it goes away with the response and never leaks into another.
 */
import { useState } from 'preact/hooks';
import type { JsonTreeMemory } from '../../../ui/JsonTree.tsx';

export type BodyMode = 'tree' | 'pretty' | 'raw';

export interface BodyViewMemory {
  /** Tells responses apart (a key: a new response starts a fresh viewer). */
  id: number;
  mode: BodyMode;
  query: string;
  filter: string;
  tree: JsonTreeMemory;
  /** The filtered tree has its own opened nodes: its pointers mean other nodes. */
  filteredTree: JsonTreeMemory;
}

const memories = new WeakMap<object, BodyViewMemory>();
let lastId = 0;

export function bodyViewMemory(response: object): BodyViewMemory {
  let memory = memories.get(response);
  if (!memory) {
    lastId += 1;
    memory = { id: lastId, mode: 'tree', query: '', filter: '', tree: {}, filteredTree: {} };
    memories.set(response, memory);
  }
  return memory;
}

/** State that is also written to the memory, so the next viewer of the same response starts from it. */
export function useRemembered<K extends 'mode' | 'query' | 'filter'>(
  memory: BodyViewMemory,
  key: K,
): [BodyViewMemory[K], (value: BodyViewMemory[K]) => void] {
  const [value, setValue] = useState(memory[key]);
  const remember = (next: BodyViewMemory[K]) => {
    memory[key] = next;
    setValue(next);
  };
  return [value, remember];
}

import type { SendResponse } from '../../../core/protocol.ts';
import type { BodyLoad, LoadedBody } from './body-loader.ts';

/**
 * What the workbench knows about a response's body beyond the response itself, keyed by the response object
 * (so nothing extra travels in it, is stored in history or is cloned): the load of a body still arriving, and
 * for a body that arrived that way, its parsed value and its bytes as a Blob (so the viewer neither parses the
 * text again nor copies it to save it).
 */
const loads = new WeakMap<SendResponse, BodyLoad>();
const loaded = new WeakMap<SendResponse, LoadedBody>();

export function setBodyLoad(response: SendResponse, load: BodyLoad): void {
  loads.set(response, load);
}

/** The load of this response's body while it is still arriving. */
export function bodyLoadOf(response: SendResponse): BodyLoad | undefined {
  return loads.get(response);
}

export function setLoadedBody(response: SendResponse, body: LoadedBody): void {
  loaded.set(response, body);
}

/** The parsed value and bytes of a body that was streamed in. */
export function loadedBodyOf(response: SendResponse): LoadedBody | undefined {
  return loaded.get(response);
}

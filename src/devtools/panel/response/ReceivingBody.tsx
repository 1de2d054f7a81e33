import { useEffect } from 'preact/hooks';
import { formatBytes } from '../../../core/format/byte-format.ts';
import { JsonTree } from '../../../ui/JsonTree.tsx';
import { useStore } from '../store.ts';
import type { BodyLoad } from './body-loader.ts';
import { RawText } from './RawText.tsx';

/**
 * The first screen of a body still arriving: the JSON built from what has come so far (or, for text, its
 * first part), shown from the first chunk whatever the body's size, with how much has arrived and a way to
 * stop. The tree keeps the rows it had when it first showed (rebuilding them for every chunk would cost more
 * with each one); the whole body, with search, Pretty and Save, replaces it once the last byte is in.
 */
export function ReceivingBody({ load }: { load: BodyLoad }) {
  const state = useStore(load.progress);
  const hasScreen = state.json !== undefined || state.head !== '';
  // Effects run after the browser painted: the loader, which waited for this first screen, reads on.
  useEffect(() => {
    if (hasScreen) load.shown();
  }, [hasScreen, load]);
  const count = state.json ? ` · ${state.json.values.toLocaleString('en')} values read` : '';
  return (
    <div class="kh-body-view" aria-busy="true">
      <div class="kh-body-toolbar">
        <span class="kh-spinner" aria-hidden="true" />
        <span class="kh-muted kh-receiving" role="status">
          Receiving… {formatBytes(state.bytes)}
          {count}
        </span>
        <span class="kh-toolbar-spacer" />
        <button type="button" class="kh-button kh-button--small" onClick={() => load.cancel()}>
          Stop receiving
        </button>
      </div>
      <p class="kh-muted kh-receiving-note">
        {state.jsonError
          ? `Not valid JSON (${state.jsonError}): showing the text as it arrives.`
          : 'The start of the body, as it was when this screen opened. The whole body replaces it once the last byte is in, with Search, Pretty, Copy and Save.'}
      </p>
      {state.json && !state.jsonError ? (
        <JsonTree value={state.json.root} label="Response body as a tree, still arriving" />
      ) : state.head ? (
        <RawText text={state.head} label="Response body, raw, first part" />
      ) : (
        <p class="kh-muted">Waiting for the first bytes…</p>
      )}
    </div>
  );
}

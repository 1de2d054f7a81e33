import type { ResponseBody, SendResponse } from '../../../core/protocol.ts';
import { joinText } from '../../../core/workbench/chunked-text.ts';
import type { CallOutcome } from '../../../core/workbench/history-entry.ts';
import type { LoadedBody } from './body-loader.ts';
import { loadedBodyOf } from './body-registry.ts';

/**
 * The response body of a body that was streamed in, whose text stays in pieces (chunked-text.ts). The viewer,
 * history and the tab's memory read the pieces; `text` is joined the first time something else asks for the
 * whole as one string (the error banner of a large 4xx body, a Tests tab check), once, and only then costs
 * its long task.
 */
export function streamedTextBody(loaded: LoadedBody): Extract<ResponseBody, { kind: 'text' }> {
  let joined: string | undefined;
  return {
    kind: 'text',
    truncated: loaded.end.truncated,
    get text() {
      joined ??= joinText(loaded.text);
      return joined;
    },
  };
}

/**
 * The outcome as storage needs it: history and the tab's last response keep a megabyte of body at most, so a
 * streamed body gives them its first piece (4 MB, or all of a smaller body) instead of the whole text, flagged
 * as cut when there is more, as keeping the whole would have flagged it.
 */
export function outcomeForStorage(outcome: CallOutcome): CallOutcome {
  const loaded = outcome.response ? loadedBodyOf(outcome.response) : undefined;
  if (!outcome.response || !loaded) return outcome;
  const pieces = loaded.text.chunks;
  const response: SendResponse = {
    ...outcome.response,
    body: { kind: 'text', text: pieces[0] ?? '', truncated: loaded.end.truncated || pieces.length > 1 },
  };
  return { ...outcome, response };
}

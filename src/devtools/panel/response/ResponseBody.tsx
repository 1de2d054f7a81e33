import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatBytes } from '../../../core/format/byte-format.ts';
import { suggestFileName } from '../../../core/http/content-disposition.ts';
import type { SendRequest, SendResponse } from '../../../core/protocol.ts';
import { type BodyText, joinText, textBlob } from '../../../core/workbench/chunked-text.ts';
import { type BodyReading, readJsonBody } from '../../../core/workbench/json-body.ts';
import { createJsonSearch } from '../../../core/workbench/json-lines.ts';
import { createTextSearch } from '../../../core/workbench/text-rows.ts';
import { JsonTree, type JsonTreeDecoration, type JsonTreeTools } from '../../../ui/JsonTree.tsx';
import type { PanelServices } from '../services.ts';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';
import { BinaryPreview } from './BinaryPreview.tsx';
import { MalformedJsonBanner } from './BodyParts.tsx';
import { BodyToolbar } from './BodyToolbar.tsx';
import type { LoadedBody } from './body-loader.ts';
import { bodyLoadOf, loadedBodyOf } from './body-registry.ts';
import { type BodyMode, type BodyViewMemory, bodyViewMemory, useRemembered } from './body-view-memory.ts';
import { type CheckState, checkStoreOf } from './check/check-registry.ts';
import { withDifferenceMarks } from './check/difference-marks.tsx';
import { useFollowIds } from './follow/use-follow-ids.tsx';
import { useJsonFilter } from './JsonFilterBar.tsx';
import { readBrokenJsonBody } from './json-problem.ts';
import { type FormattedText, formatJsonText } from './pretty-print.ts';
import { RawText } from './RawText.tsx';
import { ReceivingBody } from './ReceivingBody.tsx';

/**
 * The response body, loaded on first use. JSON is parsed once, after the status line has painted, and shown
 * as a virtualised tree (with a jq filter); raw and pretty text are virtualised too, so a 5 MB body never freezes
 * the panel. Search works in every mode (Enter: next match, Shift+Enter: previous). A body announced as JSON
 * that does not parse says where it breaks. Binary bodies get a preview; an empty body gets no tools.
 */
type Mode = BodyMode;

type Parsed = { kind: 'pending' } | BodyReading;

const SEARCH_LIMIT = 1000;

export default function ResponseBody({
  response,
  request,
  services,
  workbench,
}: {
  response: SendResponse;
  request: SendRequest;
  services: PanelServices;
  /** Lets ids and API addresses in the tree compose the next call (absent: the tree shows plain values). */
  workbench?: Workbench;
}) {
  const body = response.body;
  const follow = useFollowIds(workbench, request);
  const fileName = useMemo(
    () => suggestFileName({ headers: response.headers, path: request.path, contentType: response.contentType }),
    [response, request.path],
  );
  const [saveNote, setSaveNote] = useState('');
  const check = useStore(checkStoreOf(response));

  const save = async (blob: Blob) => {
    try {
      await services.download(blob, fileName, { ask: true });
      setSaveNote(`Saving: the browser asks where (suggested name ${fileName}).`);
    } catch (error) {
      setSaveNote(`Could not save: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  // A streamed body: its first screen while it arrives, then its parsed value and bytes as they were received.
  const receiving = bodyLoadOf(response);
  if (receiving) return <ReceivingBody load={receiving} />;
  const streamed = loadedBodyOf(response);

  // A streamed body's text stays in pieces (chunked-text.ts): reading body.text would join them.
  if (body.kind === 'text' && (streamed ? streamed.text.length === 0 : body.text === ''))
    return (
      <p class="kh-muted kh-body-empty">
        {response.status === 204 ? 'No content (204): this response has no body.' : 'The body is empty.'}
      </p>
    );
  if (body.kind === 'bytes')
    return (
      <BinaryPreview
        base64={body.base64}
        truncated={body.truncated}
        contentType={response.contentType}
        fileName={fileName}
        onSave={save}
        saveNote={saveNote}
      />
    );
  const memory = bodyViewMemory(response);
  return (
    <>
      <TextBody
        key={memory.id}
        text={streamed?.text ?? body.text}
        truncated={body.truncated}
        contentType={response.contentType}
        fileName={fileName}
        onSave={save}
        saveNote={saveNote}
        services={services}
        memory={memory}
        follow={follow.decorateFor}
        streamed={streamed}
        check={check}
      />
      {follow.menu}
    </>
  );
}

function TextBody({
  text,
  truncated,
  contentType,
  fileName,
  onSave,
  saveNote,
  services,
  memory,
  follow,
  streamed,
  check,
}: {
  /** How the body compares with the description: differences are marked on the tree. */
  check: CheckState;
  /** A streamed body's text is in pieces, never joined (src/core/workbench/chunked-text.ts). */
  text: BodyText;
  truncated: boolean;
  contentType: string;
  fileName: string;
  onSave: (blob: Blob) => Promise<void>;
  saveNote: string;
  services: PanelServices;
  memory: BodyViewMemory;
  /** Links for ids and addresses in the tree (see follow/use-follow-ids.tsx). */
  follow?: (root: unknown) => JsonTreeDecoration | undefined;
  /** A body that was streamed in: already parsed (when JSON), and its bytes kept as a Blob. */
  streamed?: LoadedBody | undefined;
}) {
  const [parsed, setParsed] = useState<Parsed>({ kind: 'pending' });
  const decorate = useMemo(
    () => withDifferenceMarks(parsed.kind === 'json' ? follow?.(parsed.value) : undefined, check),
    [parsed, follow, check],
  );
  // View, search and filter live in the response's memory too, so they survive the viewer being unmounted.
  const [mode, setMode] = useRemembered(memory, 'mode');
  const [query, setQuery] = useRemembered(memory, 'query');
  const [filter, setFilter] = useRemembered(memory, 'filter');
  const [debounced, setDebounced] = useState(memory.query);
  const [matchIndex, setMatchIndex] = useState(0);
  const [copyNote, setCopyNote] = useState('');

  // A 5 MB JSON.parse is one task: it runs once, after the status line has painted.
  useEffect(() => {
    // Effects run after the browser painted, so the status line is already on screen while this parses.
    // A streamed body was parsed as it arrived: not again.
    if (streamed?.jsonError && !('value' in streamed)) {
      // One that broke off as JSON: where it breaks is found from its Blob in a worker (json-problem.ts).
      let live = true;
      setParsed({ kind: 'pending' });
      readBrokenJsonBody(contentType, text, streamed.blob).then(
        (reading) => live && setParsed(reading),
        () => live && setParsed({ kind: 'text' }),
      );
      return () => {
        live = false;
      };
    }
    setParsed(
      streamed && 'value' in streamed
        ? { kind: 'json', value: streamed.value }
        : streamed
          ? { kind: 'text' }
          : readJsonBody(contentType, joinText(text)),
    );
  }, [text, contentType, streamed]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), 200);
    return () => clearTimeout(timer);
  }, [query]);

  const isJson = parsed.kind === 'json';
  const effectiveMode: Mode = isJson ? mode : 'raw';
  const filtered = useJsonFilter(
    parsed.kind === 'json' ? parsed.value : undefined,
    streamed?.blob ?? joinText(text),
    filter,
  );
  const [pretty, setPretty] = useState<FormattedText | undefined>();
  // Formatting happens once per body, in a worker, the first time Pretty is chosen.
  useEffect(() => setPretty(undefined), [text]);
  useEffect(() => {
    if (effectiveMode !== 'pretty' || pretty !== undefined || parsed.kind !== 'json') return;
    let live = true;
    // A streamed body goes to the worker as its Blob, by reference: cloning 100 MB of text would be a long task.
    formatJsonText(streamed?.blob ?? joinText(text)).then(
      (formatted) => live && setPretty(formatted),
      () => live && setMode('raw'),
    );
    return () => {
      live = false;
    };
  }, [effectiveMode, pretty, parsed, text]);
  const formatting = effectiveMode === 'pretty' && pretty === undefined;
  const shownText = effectiveMode === 'pretty' ? (pretty?.text ?? '') : text;

  const [search, setSearch] = useState<{ matches: (string | number)[]; done: boolean }>({ matches: [], done: true });
  // The search walks the body in slices of a few milliseconds, so typing and scrolling stay smooth on 5 MB.
  useEffect(() => {
    setMatchIndex(0);
    if (debounced === '' || formatting || parsed.kind === 'pending') {
      setSearch({ matches: [], done: true });
      return;
    }
    const inTree = effectiveMode === 'tree' && parsed.kind === 'json';
    const runner = inTree
      ? createJsonSearch(filtered.value, debounced, SEARCH_LIMIT)
      : createTextSearch(shownText, debounced, SEARCH_LIMIT);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = -1;
    const tick = () => {
      const started = performance.now();
      while (!runner.done && performance.now() - started < 8) runner.step(inTree ? 2000 : 200_000);
      if (runner.found.length !== shown || runner.done) {
        shown = runner.found.length;
        setSearch({ matches: [...runner.found], done: runner.done });
      }
      if (!runner.done) timer = setTimeout(tick, 0);
    };
    tick();
    return () => clearTimeout(timer);
  }, [debounced, effectiveMode, parsed, shownText, formatting, filtered.value]);
  const matches = search.matches;

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setMatchIndex((index) => (index + delta + matches.length) % matches.length);
  };

  const current = matches[matchIndex];
  const copyBody = async () => {
    try {
      // The clipboard takes one string: a streamed body's pieces are joined here, when asked (one long task).
      await services.copy(joinText(shownText));
      setCopyNote('Copied the body.');
    } catch (error) {
      setCopyNote(error instanceof Error ? error.message : String(error));
    }
  };

  const toolRow = (tree?: JsonTreeTools) => (
    <BodyToolbar
      mode={isJson ? effectiveMode : undefined}
      onMode={setMode}
      query={query}
      onQuery={setQuery}
      onSearchEnter={(backwards) => {
        // The search may still be debouncing: apply it now.
        if (debounced !== query) setDebounced(query);
        else step(backwards ? -1 : 1);
      }}
      count={
        debounced === ''
          ? undefined
          : matches.length === 0
            ? search.done
              ? 'No match'
              : 'Searching…'
            : `${matchIndex + 1} / ${matches.length}${matches.length >= SEARCH_LIMIT ? '+' : search.done ? '' : '…'}`
      }
      canStep={matches.length > 0}
      onStep={step}
      filter={tree ? { filter, onFilter: setFilter, problem: filtered.problem, note: filtered.note } : undefined}
      note={tree?.notice || copyNote || saveNote}
      summary={tree?.summary}
      actions={[
        ...(tree?.actions ?? []),
        { label: 'Copy', run: () => void copyBody(), title: 'Copy the body as shown' },
        {
          label: 'Save…',
          run: () => void onSave(streamed?.blob ?? textBlob(text, contentType || 'text/plain')),
          title: `Save as ${fileName}`,
        },
      ]}
    />
  );

  return (
    <div class="kh-body-view">
      {truncated ? (
        <div class="kh-banner kh-banner--warn" role="status">
          This body was cut at a size limit; what follows is its beginning.
        </div>
      ) : null}
      {parsed.kind === 'malformed' ? <MalformedJsonBanner contentType={contentType} problem={parsed.problem} /> : null}
      {effectiveMode === 'tree' && parsed.kind === 'json' ? null : toolRow()}
      {parsed.kind === 'pending' || formatting ? (
        <p class="kh-muted" role="status">
          {formatting ? 'Formatting' : 'Reading'} {formatBytes(text.length)} of JSON…
        </p>
      ) : effectiveMode === 'tree' && parsed.kind === 'json' ? (
        <JsonTree
          key={filtered.active ? 'filtered' : 'body'}
          value={filtered.value}
          initialDepth={filtered.active ? 2 : 1}
          memory={filtered.active ? memory.filteredTree : memory.tree}
          pathOf={filtered.pathOf}
          label={filtered.active ? 'Filtered response body as a tree' : 'Response body as a tree'}
          highlight={debounced || undefined}
          reveal={typeof current === 'string' ? current : undefined}
          revealToken={typeof current === 'string' ? `${current}#${matchIndex}` : undefined}
          decorate={filtered.active ? undefined : decorate}
          toolbar={toolRow}
          initialRows={filtered.active ? undefined : streamed?.rows}
        />
      ) : (
        <RawText
          text={shownText}
          label={effectiveMode === 'pretty' ? 'Response body, formatted' : 'Response body, raw'}
          highlight={debounced || undefined}
          activeOffset={typeof current === 'number' ? current : undefined}
          errorOffset={parsed.kind === 'malformed' ? parsed.problem.offset : undefined}
          colour={effectiveMode === 'pretty'}
          rows={effectiveMode === 'pretty' ? pretty?.rows : undefined}
        />
      )}
    </div>
  );
}

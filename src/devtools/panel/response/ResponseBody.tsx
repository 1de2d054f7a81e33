import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { formatBytes } from '../../../core/format/byte-format.ts';
import { suggestFileName } from '../../../core/http/content-disposition.ts';
import type { SendRequest, SendResponse } from '../../../core/protocol.ts';
import { createJsonSearch } from '../../../core/workbench/json-lines.ts';
import { createTextSearch } from '../../../core/workbench/text-rows.ts';
import { JsonTree, type JsonTreeDecoration } from '../../../ui/JsonTree.tsx';
import type { PanelServices } from '../services.ts';
import type { Workbench } from '../workbench.ts';
import { BinaryPreview } from './BinaryPreview.tsx';
import { useFollowIds } from './follow/use-follow-ids.tsx';
import { type FormattedText, formatJsonText } from './pretty-print.ts';
import { RawText } from './RawText.tsx';

/**
 * The response body, loaded on first use. JSON is parsed once, after the status line has painted, and shown
 * as a virtualised tree; raw and pretty text are virtualised too, so a 5 MB body never freezes the panel.
 * Search works in every mode (Enter: next match, Shift+Enter: previous). Binary bodies get a preview.
 */
type Mode = 'tree' | 'pretty' | 'raw';

type Parsed = { state: 'pending' } | { state: 'json'; value: unknown } | { state: 'text' };

const SEARCH_LIMIT = 1000;

function looksLikeJson(contentType: string, text: string): boolean {
  if (/json/i.test(contentType)) return true;
  const first = text.trimStart()[0];
  return first === '{' || first === '[';
}

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

  const save = async (blob: Blob) => {
    try {
      await services.download(blob, fileName);
      setSaveNote(`Saved as ${fileName}.`);
    } catch (error) {
      setSaveNote(`Could not save: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

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
  return (
    <>
      <TextBody
        text={body.text}
        truncated={body.truncated}
        contentType={response.contentType}
        fileName={fileName}
        onSave={save}
        saveNote={saveNote}
        services={services}
        follow={follow.decorateFor}
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
  follow,
}: {
  text: string;
  truncated: boolean;
  contentType: string;
  fileName: string;
  onSave: (blob: Blob) => Promise<void>;
  saveNote: string;
  services: PanelServices;
  /** Links for ids and addresses in the tree (see follow/use-follow-ids.tsx). */
  follow?: (root: unknown) => JsonTreeDecoration | undefined;
}) {
  const [parsed, setParsed] = useState<Parsed>({ state: 'pending' });
  const decorate = useMemo(() => (parsed.state === 'json' ? follow?.(parsed.value) : undefined), [parsed, follow]);
  const [mode, setMode] = useState<Mode>('tree');
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  const [matchIndex, setMatchIndex] = useState(0);
  const [copyNote, setCopyNote] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);

  // A 5 MB JSON.parse is one task: it runs once, after the status line has painted.
  useEffect(() => {
    setParsed({ state: 'pending' });
    if (!looksLikeJson(contentType, text)) {
      setParsed({ state: 'text' });
      return;
    }
    // Effects run after the browser painted, so the status line is already on screen while this parses.
    try {
      setParsed({ state: 'json', value: JSON.parse(text) });
    } catch {
      setParsed({ state: 'text' });
    }
  }, [text, contentType]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), 200);
    return () => clearTimeout(timer);
  }, [query]);

  const isJson = parsed.state === 'json';
  const effectiveMode: Mode = isJson ? mode : 'raw';
  const [pretty, setPretty] = useState<FormattedText | undefined>();
  // Formatting happens once per body, in a worker, the first time Pretty is chosen.
  useEffect(() => setPretty(undefined), [text]);
  useEffect(() => {
    if (effectiveMode !== 'pretty' || pretty !== undefined || parsed.state !== 'json') return;
    let live = true;
    formatJsonText(text).then(
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
    if (debounced === '' || formatting || parsed.state === 'pending') {
      setSearch({ matches: [], done: true });
      return;
    }
    const inTree = effectiveMode === 'tree' && parsed.state === 'json';
    const runner = inTree
      ? createJsonSearch(parsed.value, debounced, SEARCH_LIMIT)
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
  }, [debounced, effectiveMode, parsed, shownText, formatting]);
  const matches = search.matches;

  const step = (delta: number) => {
    if (matches.length === 0) return;
    setMatchIndex((index) => (index + delta + matches.length) % matches.length);
  };

  const current = matches[matchIndex];
  const copyBody = async () => {
    try {
      await services.copy(shownText);
      setCopyNote('Copied the body.');
    } catch (error) {
      setCopyNote(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <div class="kh-body-view">
      {truncated ? (
        <div class="kh-banner kh-banner--warn" role="status">
          This body was cut at a size limit; what follows is its beginning.
        </div>
      ) : null}
      <div class="kh-body-toolbar">
        {isJson ? (
          <fieldset class="kh-segmented">
            <legend class="kh-visually-hidden">Show the body as</legend>
            {(['tree', 'pretty', 'raw'] as Mode[]).map((value) => (
              <label key={value} class={`kh-segment${effectiveMode === value ? ' kh-segment--on' : ''}`}>
                <input
                  type="radio"
                  name="kh-body-mode"
                  value={value}
                  checked={effectiveMode === value}
                  onChange={() => setMode(value)}
                />
                {value === 'tree' ? 'Tree' : value === 'pretty' ? 'Pretty' : 'Raw'}
              </label>
            ))}
          </fieldset>
        ) : null}
        <label class="kh-visually-hidden" for="kh-body-search">
          Search in the body
        </label>
        <input
          id="kh-body-search"
          ref={searchBox}
          class="kh-input kh-body-search"
          type="search"
          placeholder="Search in the body"
          value={query}
          onInput={(event) => setQuery((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            // The search may still be debouncing: apply it now.
            if (debounced !== query) setDebounced(query);
            else step(event.shiftKey ? -1 : 1);
          }}
        />
        <span class="kh-muted kh-match-count" role="status">
          {debounced === ''
            ? ''
            : matches.length === 0
              ? search.done
                ? 'No match'
                : 'Searching…'
              : `${matchIndex + 1} / ${matches.length}${matches.length >= SEARCH_LIMIT ? '+' : search.done ? '' : '…'}`}
        </span>
        <button
          type="button"
          class="kh-button kh-button--small"
          onClick={() => step(-1)}
          disabled={matches.length === 0}
          aria-label="Previous match"
        >
          ↑
        </button>
        <button
          type="button"
          class="kh-button kh-button--small"
          onClick={() => step(1)}
          disabled={matches.length === 0}
          aria-label="Next match"
        >
          ↓
        </button>
        <span class="kh-toolbar-spacer" />
        <button type="button" class="kh-button kh-button--small" onClick={() => void copyBody()}>
          Copy
        </button>
        <button
          type="button"
          class="kh-button kh-button--small"
          onClick={() => void onSave(new Blob([text], { type: contentType || 'text/plain' }))}
          title={`Save as ${fileName}`}
        >
          Save…
        </button>
        <span class="kh-muted" role="status">
          {copyNote || saveNote}
        </span>
      </div>
      {parsed.state === 'pending' || formatting ? (
        <p class="kh-muted" role="status">
          {formatting ? 'Formatting' : 'Reading'} {formatBytes(text.length)} of JSON…
        </p>
      ) : effectiveMode === 'tree' && parsed.state === 'json' ? (
        <JsonTree
          value={parsed.value}
          label="Response body as a tree"
          highlight={debounced || undefined}
          reveal={typeof current === 'string' ? current : undefined}
          revealToken={typeof current === 'string' ? `${current}#${matchIndex}` : undefined}
          decorate={decorate}
        />
      ) : text === '' ? (
        <p class="kh-muted">The body is empty.</p>
      ) : (
        <RawText
          text={shownText}
          label={effectiveMode === 'pretty' ? 'Response body, formatted' : 'Response body, raw'}
          highlight={debounced || undefined}
          activeOffset={typeof current === 'number' ? current : undefined}
          rows={effectiveMode === 'pretty' ? pretty?.rows : undefined}
        />
      )}
    </div>
  );
}

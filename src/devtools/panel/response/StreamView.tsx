import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SendRequest } from '../../../core/protocol.ts';
import type { LineFilter } from '../../../core/streams/line-store.ts';
import type { LogLine, Severity } from '../../../core/streams/log-line.ts';
import type { StreamKind } from '../../../core/streams/stream-endpoints.ts';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { VirtualList } from '../../../ui/VirtualList.tsx';
import type { PanelServices } from '../services.ts';
import { StreamStatusLine } from './StreamStatusLine.tsx';
import { useLogStream } from './use-log-stream.ts';
import './StreamView.css';

/**
 * A live stream in the response pane (loaded on first use): the lines as they arrive in a virtualised list, with
 * pause (the view freezes, lines keep arriving), follow tail, a filter applied as you type, a severity choice,
 * local times, copy a line, save what was received (NDJSON, as received), and lines per second. The store keeps at
 * most 100 000 lines and says when older ones were dropped.
 */

const ROW_HEIGHT = 20;
const FILTER_STEP = 20_000;
const SEVERITY_CHOICES: { label: string; value: string; severities?: Severity[] }[] = [
  { label: 'All severities', value: 'all' },
  { label: 'Warnings and errors', value: 'warn', severities: ['warn', 'error'] },
  { label: 'Errors only', value: 'error', severities: ['error'] },
];
const SEVERITY_LABELS: Record<Severity, string> = {
  error: 'ERROR',
  warn: 'WARN',
  info: 'INFO',
  debug: 'DEBUG',
  other: '',
};

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hour12: false,
});

function lineAsText(line: LogLine): string {
  const time = line.time === undefined ? '' : `${new Date(line.time).toISOString()} `;
  const severity = SEVERITY_LABELS[line.severity];
  return `${time}${severity ? `${severity} ` : ''}${line.text}`;
}

export interface StreamViewProps {
  request: SendRequest;
  kind: StreamKind;
  services: PanelServices;
}

export default function StreamView({ request, kind, services }: StreamViewProps) {
  const stream = useLogStream(services, request, kind);
  const { store, meter, status } = stream;
  const [filterText, setFilterText] = useState('');
  const [severity, setSeverity] = useState('all');
  const [pausedAt, setPausedAt] = useState<number | undefined>();
  const [follow, setFollow] = useState(true);
  const [copied, setCopied] = useState<number | undefined>();
  const [, setTick] = useState(0);
  const lastScroll = useRef({ top: 0, dropped: 0, height: 0 });
  const lines = useRef<HTMLDivElement>(null);
  const following = useRef(follow);
  following.current = follow;
  // A resize (the panel docked elsewhere, the divider moved) changes the list's height, and the browser clamps its
  // scroll position: while following, the tail is put back in view rather than that being read as a scroll up.
  useEffect(() => {
    const box = lines.current?.querySelector<HTMLElement>('.kh-stream-list');
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // Escape stops a running stream, as it cancels a call in flight (PanelApp), unless a dialog is open or the key
  // is clearing a search box's text (the browser's own use of it).
  const stopStream = useRef(stream.stop);
  stopStream.current = stream.stop;
  useEffect(() => {
    if (!stream.running) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = event.target as HTMLElement | null;
      if (target instanceof HTMLInputElement && target.type === 'search' && target.value !== '') return;
      event.preventDefault();
      stopStream.current();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [stream.running]);

  // The rate falls to 0 when lines stop: refresh it even without new lines.
  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);

  const filter = useMemo<LineFilter>(() => {
    const choice = SEVERITY_CHOICES.find((candidate) => candidate.value === severity);
    return { text: filterText, ...(choice?.severities ? { severities: new Set(choice.severities) } : {}) };
  }, [filterText, severity]);
  // A filter over 100 000 lines runs in steps of 20 000, one per task: typing never blocks the page.
  const [, setFilterStep] = useState(0);
  useEffect(() => {
    store.setFilter(filter);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = () => {
      const done = store.filterStep(FILTER_STEP);
      setFilterStep((value) => value + 1);
      if (!done) timer = setTimeout(step, 0);
    };
    step();
    return () => clearTimeout(timer);
  }, [filter]);

  const visible = store.visible();
  const count = pausedAt === undefined ? visible.length : store.visibleUpTo(pausedAt);
  const newSincePause = pausedAt === undefined ? 0 : visible.length - count;
  const rate = meter.perSecond(performance.now());

  // Pause freezes what is on screen now: lines received since the last redraw wait with the others.
  const togglePause = () => setPausedAt(pausedAt === undefined ? (visible[count - 1]?.n ?? -1) : undefined);
  const save = () => {
    const lines = store.all();
    const blob = new Blob(
      lines.map((line) => `${line.raw}\n`),
      { type: 'application/x-ndjson' },
    );
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    void services.download(blob, `keyhole-${kind === 'events' ? 'events' : 'logs'}-${stamp}.ndjson`);
  };
  const copyLine = (line: LogLine) => {
    void services.copy(lineAsText(line)).then(() => setCopied(line.n));
  };
  // Scrolling up stops following the tail; Follow tail takes it back. Following only ever scrolls down, so a
  // scroll up is the user's (unless the oldest lines were just dropped, which shortens the list).
  const onScroll = (event: Event) => {
    const box = event.target as HTMLElement;
    const previous = lastScroll.current;
    lastScroll.current = { top: box.scrollTop, dropped: store.dropped, height: box.clientHeight };
    const resized = previous.height !== 0 && previous.height !== box.clientHeight;
    if (follow && !resized && box.scrollTop < previous.top - 1 && store.dropped === previous.dropped) setFollow(false);
  };

  const renderRow = (index: number) => {
    const line = visible[index];
    if (!line) return null;
    const time = line.time === undefined ? undefined : new Date(line.time);
    return (
      <div key={line.n} class={`kh-stream-row kh-stream-row--${line.severity}`}>
        <time class="kh-stream-time" dateTime={time?.toISOString()} title={time?.toLocaleString()}>
          {time ? timeFormat.format(time) : ''}
        </time>
        <span class="kh-stream-severity">{SEVERITY_LABELS[line.severity]}</span>
        <span class="kh-stream-text" title={line.text.length > 120 ? line.text : undefined}>
          {line.text}
        </span>
        <button
          type="button"
          class="kh-stream-copy"
          aria-label={`Copy line ${line.n + 1}`}
          onClick={() => copyLine(line)}
        >
          {copied === line.n ? 'Copied' : 'Copy'}
        </button>
      </div>
    );
  };

  return (
    <div class="kh-stream">
      <StreamStatusLine
        status={status}
        request={request}
        received={store.received}
        rate={rate}
        running={stream.running}
        onStop={stream.stop}
        onStart={stream.start}
      />
      <div class="kh-stream-bar" role="toolbar" aria-label="Stream view">
        <input
          type="search"
          class="kh-input kh-stream-filter"
          placeholder="Filter lines"
          aria-label="Filter lines"
          value={filterText}
          onInput={(event) => setFilterText((event.target as HTMLInputElement).value)}
        />
        <select
          class="kh-input kh-stream-severity-choice"
          aria-label="Severities shown"
          value={severity}
          onChange={(event) => setSeverity((event.target as HTMLSelectElement).value)}
        >
          {SEVERITY_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          class="kh-button kh-button--small"
          aria-pressed={pausedAt !== undefined}
          onClick={togglePause}
        >
          {pausedAt === undefined ? 'Pause' : `Resume${newSincePause > 0 ? ` (+${newSincePause})` : ''}`}
        </button>
        <button
          type="button"
          class="kh-button kh-button--small"
          aria-pressed={follow}
          onClick={() => setFollow(!follow)}
        >
          Follow tail
        </button>
        <button type="button" class="kh-button kh-button--small" onClick={save} disabled={store.all().length === 0}>
          Save
        </button>
      </div>
      {store.dropped > 0 ? (
        <p class="kh-banner kh-banner--warn kh-stream-notice" role="status">
          Memory cap: only the last {store.all().length.toLocaleString()} lines are kept;{' '}
          {store.dropped.toLocaleString()} older ones were dropped (Save keeps what is still here).
        </p>
      ) : null}
      {status.state === 'failed' ? <ErrorBanner error={status.error} /> : null}
      {status.state === 'failed' && status.body ? <pre class="kh-stream-body">{status.body.slice(0, 2000)}</pre> : null}
      <div class="kh-stream-lines" ref={lines} onScrollCapture={onScroll}>
        {store.filtering() ? (
          <p class="kh-muted kh-stream-empty" role="status">
            Filtering… {Math.round(store.filterProgress() * 100)} %
          </p>
        ) : count === 0 ? (
          <p class="kh-muted kh-stream-empty">
            {store.all().length > 0 ? 'No line matches the filter.' : 'Waiting for lines…'}
          </p>
        ) : null}
        <VirtualList
          class="kh-stream-list"
          // A log, but not read aloud line by line: at 1 000 lines/s it would drown everything else.
          role="log"
          aria-live="off"
          aria-label="Stream lines"
          count={count}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          scrollToIndex={follow ? count - 1 : undefined}
          scrollToken={follow ? `${count}:${stream.version}` : undefined}
        />
      </div>
    </div>
  );
}

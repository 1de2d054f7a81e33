import type { SendRequest } from '../../../core/protocol.ts';
import type { StreamStatus } from './use-log-stream.ts';

/** Where the stream stands, in words, with the counters and Stop/Reconnect. */
function describe(status: StreamStatus): { text: string; tone: 'ok' | 'warn' | 'error' | 'muted' } {
  switch (status.state) {
    case 'connecting':
      return { text: 'Connecting…', tone: 'muted' };
    case 'live':
      return { text: `Live · ${status.auth === 'bearer' ? 'API token' : 'OAuth'}`, tone: 'ok' };
    case 'reconnecting':
      return {
        text: `Connection lost (${status.reason}) · reconnecting in ${Math.ceil(status.inMs / 1000)} s, from the last line`,
        tone: 'warn',
      };
    case 'worker-gone':
      return { text: 'The extension’s worker restarted · resuming from the last line', tone: 'warn' };
    case 'ended':
      return { text: `Ended by the server (${status.reason})`, tone: 'muted' };
    case 'failed':
      return { text: 'Stopped on an error', tone: 'error' };
    case 'stopped':
      return { text: 'Stopped', tone: 'muted' };
  }
}

export function StreamStatusLine({
  status,
  request,
  received,
  rate,
  running,
  onStop,
  onStart,
}: {
  status: StreamStatus;
  request: SendRequest;
  received: number;
  rate: number;
  running: boolean;
  onStop: () => void;
  onStart: () => void;
}) {
  const { text, tone } = describe(status);
  const active = running && status.state !== 'ended' && status.state !== 'failed';
  return (
    <div class="kh-status-line kh-stream-status">
      <span class={`kh-stream-state kh-stream-state--${tone}`} role="status">
        {text}
      </span>
      <span class="kh-muted kh-stream-count" title="Lines received">
        {received.toLocaleString()} lines
      </span>
      <span class="kh-muted" title="Lines per second (last 2 s)">
        {rate.toLocaleString()}/s
      </span>
      {active ? (
        <button type="button" class="kh-button kh-button--small" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button type="button" class="kh-button kh-button--small" onClick={onStart}>
          {status.state === 'ended' || status.state === 'failed' ? 'Reconnect' : 'Resume stream'}
        </button>
      )}
      <span class="kh-muted kh-mono kh-status-url" title={request.path}>
        {request.method} {request.path}
      </span>
    </div>
  );
}

/** What the sandbox's streams share: the log timeline, the platform events bus, and the open connections. */
import type { Clock } from '../clock.ts';
import { LogTimeline } from './log-timeline.ts';

export interface PlatformEvent {
  /** The event's name, e.g. DEPLOYMENT_ACTION_BEGIN. */
  event: string;
  /** Serialised as a JSON string inside the message, like the platform does. */
  data: Record<string, unknown>;
}

export interface StreamHub {
  timeline: LogTimeline;
  /** How often an open log stream sends HEARTBEAT (the platform: 2 s) and the socket pings. */
  heartbeatMs: number;
  publish(event: PlatformEvent): void;
  subscribe(listener: (event: PlatformEvent) => void): () => void;
  /** Every open stream registers how to cut it, so the sandbox can close. */
  track(close: () => void): () => void;
  /** Breaks every open stream (a drop on demand); returns how many. */
  closeAll(): number;
  /** How many log streams and sockets are open now. */
  openCount(): number;
}

const hubs = new WeakMap<object, StreamHub>();

/** For handlers that see only the state (the router's): tells the hub of that sandbox about an event. */
export function publishPlatformEvent(state: object, event: PlatformEvent): void {
  hubs.get(state)?.publish(event);
}

export function createStreamHub(clock: Clock, state: object, linesPerSecond?: number): StreamHub {
  const hub = buildHub(clock, linesPerSecond);
  hubs.set(state, hub);
  return hub;
}

function buildHub(clock: Clock, linesPerSecond?: number): StreamHub {
  const listeners = new Set<(event: PlatformEvent) => void>();
  const open = new Set<() => void>();
  return {
    timeline: new LogTimeline(clock.now(), linesPerSecond),
    heartbeatMs: 2000,
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    track(close) {
      open.add(close);
      return () => open.delete(close);
    },
    openCount: () => open.size,
    closeAll() {
      const count = open.size;
      for (const close of [...open]) close();
      open.clear();
      return count;
    },
  };
}

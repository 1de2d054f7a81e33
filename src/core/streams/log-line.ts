/**
 * One received stream event as the stream view shows it: a time, a severity and a line of text, from the
 * platform's APPLICATION_LOG and ACCESS_LOG shapes (the official client's types) or, for anything else, the data
 * itself. `raw` keeps what was received, for "save" and "copy".
 */
import type { StreamEvent } from './stream-port.ts';

export type Severity = 'error' | 'warn' | 'info' | 'debug' | 'other';

export interface LogLine {
  /** Position in the stream, from 0; never reused, so it survives dropping the oldest lines. */
  n: number;
  /** Milliseconds since the epoch, when the event had a date. */
  time?: number;
  severity: Severity;
  event: string;
  text: string;
  raw: string;
}

const MAX_TEXT = 4000;

function severityOf(word: unknown): Severity | undefined {
  const value = String(word ?? '').toLowerCase();
  if (/^(err|error|crit|critical|alert|emerg|fatal)/.test(value)) return 'error';
  if (/^warn/.test(value)) return 'warn';
  if (/^(info|notice)/.test(value)) return 'info';
  if (/^(debug|trace)/.test(value)) return 'debug';
  return undefined;
}

/** Syslog priorities (0 emerg … 7 debug), which the platform's logs carry next to `severity`. */
function severityOfPriority(priority: unknown): Severity | undefined {
  if (typeof priority !== 'number') return undefined;
  return priority <= 3 ? 'error' : priority === 4 ? 'warn' : priority <= 6 ? 'info' : 'debug';
}

function guessSeverity(text: string): Severity {
  if (/\b(error|exception|fatal|panic)\b/i.test(text)) return 'error';
  if (/\bwarn(ing)?\b/i.test(text)) return 'warn';
  return 'other';
}

type Json = Record<string, unknown>;
const objectOf = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;

function accessText(data: Json): { text: string; severity: Severity } {
  const http = objectOf(data.http);
  const request = objectOf(http?.request);
  const response = objectOf(http?.response);
  const status = Number(response?.statusCode);
  const source = objectOf(data.source);
  const parts = [
    `${request?.method ?? '?'} ${request?.host ?? ''}${request?.path ?? ''}`,
    `→ ${Number.isFinite(status) ? status : '?'}`,
    response?.time !== undefined ? `${response.time} ms` : '',
    source?.ip ? `from ${source.ip}` : '',
  ];
  const severity: Severity = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
  return { text: parts.filter(Boolean).join(' '), severity };
}

export function toLogLine(event: StreamEvent, n: number): LogLine {
  let data: Json | undefined;
  try {
    data = objectOf(JSON.parse(event.data));
  } catch {
    data = undefined;
  }
  const date = event.date ?? (typeof data?.date === 'string' ? data.date : undefined);
  const ms = date ? Date.parse(date) : Number.NaN;
  let text: string;
  let severity: Severity;
  if (event.event === 'ACCESS_LOG' && data) {
    ({ text, severity } = accessText(data));
  } else if (data && typeof data.message === 'string') {
    text = data.message;
    severity = severityOf(data.severity) ?? severityOfPriority(data.priority) ?? guessSeverity(text);
  } else {
    text = event.event === 'message' ? event.data : `${event.event} ${event.data}`;
    severity = guessSeverity(text);
  }
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT)}…`;
  return {
    n,
    ...(Number.isNaN(ms) ? {} : { time: ms }),
    severity,
    event: event.event,
    text: text.replace(/[\r\n]+/g, ' ⏎ '),
    raw: event.data,
  };
}

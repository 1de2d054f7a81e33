/** Sizes and durations as the workbench shows them, and byte counts of strings without encoding them twice. */

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

const encoder = new TextEncoder();

/** UTF-8 length of a string. */
export function utf8Length(text: string): number {
  // Cheap bounds first: ASCII-only is the common case for API bodies.
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) length += 1;
    else if (code < 0x800) length += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      length += 4;
      index += 1;
    } else length += 3;
  }
  return length;
}

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const { read } = encoder.encodeInto(text, new Uint8Array(Math.max(0, maxBytes)));
  return read >= text.length ? { text, truncated: false } : { text: text.slice(0, read), truncated: true };
}

/** Number of bytes a base64 string decodes to. */
export function base64ByteLength(base64: string): number {
  const clean = base64.replace(/=+$/, '');
  return Math.floor((clean.length * 3) / 4);
}

/** The longest base64 prefix that decodes to at most `maxBytes` whole bytes. */
export function truncateBase64(base64: string, maxBytes: number): { base64: string; truncated: boolean } {
  if (base64ByteLength(base64) <= maxBytes) return { base64, truncated: false };
  return { base64: base64.slice(0, Math.floor(maxBytes / 3) * 4), truncated: true };
}

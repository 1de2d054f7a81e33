import type { HttpMethod } from '../../core/protocol.ts';

export function MethodBadge({ method }: { method: HttpMethod | string }) {
  return <span class={`kh-method kh-method--${method.toLowerCase()}`}>{method}</span>;
}

export function StatusBadge({ status }: { status: number | undefined }) {
  if (status === undefined || status === 0) return <span class="kh-status kh-status--error">ERR</span>;
  const kind = status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
  return <span class={`kh-status kh-status--${kind}`}>{status}</span>;
}

import type { ProfileOrigins } from '../../../core/http/request-url.ts';
import type { ForeignRequest } from '../../../core/workbench/request-import.ts';
import type { CapturedHarEntry } from '../services.ts';

/**
 * Requests seen in the inspected page's Network panel, kept when they go to the active profile's API or
 * bridge (the platform console's own calls). Only what replaying needs is kept; the captured Authorization
 * header is dropped when the request is opened in the composer.
 */
export interface CapturedRequest {
  id: number;
  startedAt: string;
  durationMs: number;
  status: number;
  target: 'api' | 'bridge';
  method: string;
  url: string;
  request: ForeignRequest;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export function matchProfileOrigin(url: string, origins: ProfileOrigins): 'api' | 'bridge' | undefined {
  const origin = originOf(url);
  if (!origin) return undefined;
  if (origin === originOf(origins.apiBaseUrl)) return 'api';
  if (origin === originOf(origins.bridgeUrl)) return 'bridge';
  return undefined;
}

export function toCapturedRequest(
  entry: CapturedHarEntry,
  origins: ProfileOrigins,
  id: number,
): CapturedRequest | undefined {
  const target = matchProfileOrigin(entry.request.url, origins);
  // Preflights say nothing about the call itself.
  if (!target || entry.request.method === 'OPTIONS') return undefined;
  const postData = entry.request.postData;
  const request: ForeignRequest = {
    method: entry.request.method,
    url: entry.request.url,
    headers: entry.request.headers.map(({ name, value }) => [name, value]),
  };
  if (postData?.text) request.body = { text: postData.text, contentType: postData.mimeType ?? '', declared: true };
  return {
    id,
    startedAt: entry.startedDateTime,
    durationMs: entry.time,
    status: entry.response.status,
    target,
    method: entry.request.method,
    url: entry.request.url,
    request,
  };
}

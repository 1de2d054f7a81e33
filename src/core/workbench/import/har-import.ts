import { KeyholeError } from '../../errors.ts';
import type { ProfileOrigins } from '../../http/request-url.ts';
import type { ImportedRequest } from '../collection-file.ts';
import { redactUrl } from '../redact-secrets.ts';
import { importForeignRequest } from '../request-import.ts';

/**
 * HAR files (DevTools' "Save all as HAR", Playwright's recordHar): each entry's request becomes a draft through the
 * same importer as a pasted curl command. HAR 1.2 keeps a request body as text only: a binary body is written
 * empty (Chromium) or lossily, so a body whose recorded size is not the size of its text is named in a notice,
 * never imported silently as something else. Checked against a real Chromium in
 * test/unit/core/workbench/har-import-differential.test.ts.
 */
export interface HarFile {
  log?: {
    entries?: {
      request?: {
        method?: string;
        url?: string;
        headers?: { name?: string; value?: string }[];
        postData?: { mimeType?: string; text?: string; encoding?: string };
        bodySize?: number;
      };
    }[];
  };
}

export function isHarFile(value: unknown): value is HarFile {
  return Array.isArray((value as HarFile)?.log?.entries);
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function importHar(
  file: HarFile,
  origins: ProfileOrigins | undefined,
  folder: string,
): { requests: ImportedRequest[]; notices: string[] } {
  const notices = new Set<string>();
  const requests: ImportedRequest[] = [];
  for (const entry of file.log?.entries ?? []) {
    const request = entry?.request;
    if (typeof request?.url !== 'string' || typeof request.method !== 'string') continue;
    const postData = request.postData;
    const text = typeof postData?.text === 'string' && postData.encoding !== 'base64' ? postData.text : '';
    try {
      const imported = importForeignRequest(
        {
          method: request.method,
          url: request.url,
          headers: (Array.isArray(request.headers) ? request.headers : []).map((header) => [
            String(header?.name ?? ''),
            String(header?.value ?? ''),
          ]),
          ...(text ? { body: { text, contentType: String(postData?.mimeType ?? '') } } : {}),
        },
        origins,
      );
      // Named after the masked path, as a saved request is: a secret in a segment's parameter stays out of the name.
      const name = `${imported.draft.method} ${redactUrl(imported.draft.path, true)}`;
      const size = typeof request.bodySize === 'number' ? request.bodySize : -1;
      if (postData?.encoding === 'base64')
        notices.add(
          `${name}: its body is stored as base64 bytes, which the composer cannot send; the body was left empty.`,
        );
      else if (size > 0 && text === '')
        notices.add(
          `${name}: its ${size}-byte body is not in the HAR file (binary bodies are saved empty); the body was left empty.`,
        );
      else if (size > 0 && byteLength(text) !== size)
        notices.add(
          `${name}: the browser sent a ${size}-byte body and the HAR file holds ${byteLength(text)} bytes of text for it; the text was imported.`,
        );
      for (const notice of imported.notices) notices.add(notice);
      requests.push({ name, folder, draft: imported.draft });
    } catch (error) {
      notices.add(error instanceof Error ? error.message : String(error));
    }
  }
  if (requests.length === 0)
    throw new KeyholeError('invalid-input', 'This HAR file holds no request Keyhole can import.');
  return { requests, notices: [...notices] };
}

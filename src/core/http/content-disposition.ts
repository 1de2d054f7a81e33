import { trimEndWhile, trimStartWhile } from '../format/trim-run.ts';

/**
 * A real file name for a downloaded response: from Content-Disposition (RFC 6266, with RFC 5987's
 * `filename*=UTF-8''…`), else the path's last segment, with an extension from the content type when missing.
 * Cleaned so it is a plain name (no folders, no characters file systems refuse).
 */

export function fileNameFromContentDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const value = (extended[2] as string).trim().replace(/^"(.*)"$/, '$1');
      return decodeURIComponent(value);
    } catch {
      // Fall through to the plain parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return (quoted[1] as string).replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? (bare[1] as string) : undefined;
}

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/json': 'json',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/xml': 'xml',
  'application/octet-stream': 'bin',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

export function extensionForContentType(contentType: string): string | undefined {
  const media = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return EXTENSIONS[media] ?? (media.endsWith('+json') ? 'json' : undefined);
}

export function sanitizeFileName(name: string): string {
  const cleaned = name
    .replace(/[/\\]/g, '_')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .trim();
  // Dots and spaces at either end (hidden files, Windows' trailing dots), trimmed in one pass: a regex with `$`
  // would be quadratic on a long run of them in a server's file name.
  const dotOrSpace = (char: string) => char === '.' || /\s/.test(char);
  const trimmed = trimEndWhile(trimStartWhile(cleaned, dotOrSpace), dotOrSpace);
  if (trimmed.length <= 120) return trimmed;
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 && trimmed.length - dot <= 10 ? trimmed.slice(dot) : '';
  return trimmed.slice(0, 120 - extension.length) + extension;
}

export function suggestFileName(input: {
  headers: readonly [string, string][];
  path: string;
  contentType: string;
}): string {
  const disposition = input.headers.find(([name]) => name.toLowerCase() === 'content-disposition')?.[1];
  const fromHeader = fileNameFromContentDisposition(disposition);
  if (fromHeader) {
    const clean = sanitizeFileName(fromHeader);
    if (clean) return clean;
  }
  const lastSegment = input.path.split('?')[0]?.split('/').filter(Boolean).pop() ?? '';
  let name = lastSegment;
  try {
    name = decodeURIComponent(lastSegment);
  } catch {
    // Keep the raw segment.
  }
  name = sanitizeFileName(name) || 'response';
  const extension = extensionForContentType(input.contentType);
  if (extension && !name.toLowerCase().endsWith(`.${extension}`) && !/\.[a-z0-9]{1,5}$/i.test(name))
    name += `.${extension}`;
  return name;
}

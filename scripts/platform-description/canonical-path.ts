/**
 * One spelling per endpoint: the sources name the same placeholder differently (`{id}`, `{ownerId}`, `{orgaId}`
 * for an organisation), so each placeholder whose kind is recognised (src/core/platform/id-kinds.ts) takes the
 * kind's canonical name. That keeps a chosen organisation across endpoints and tells the composer which picker to
 * offer. The name the source used is kept beside it.
 */
import type { IdKind } from '../../src/core/platform/id-kinds.ts';
import { recogniseIdKind } from '../../src/core/platform/recognise-id-kind.ts';

export interface CanonicalParam {
  name: string;
  sourceName: string;
  kind?: IdKind;
}

export interface CanonicalPath {
  path: string;
  params: CanonicalParam[];
}

const PLACEHOLDER = /\{([^}]*)\}/g;

/** Endpoints are the same when method, target and this shape agree (placeholder names aside). */
export function pathShape(path: string): string {
  return path.replace(PLACEHOLDER, '{}');
}

export function canonicalisePath(template: string): CanonicalPath {
  const trimmed = template.length > 1 ? template.replace(/\/+$/, '') : template;
  const segments = trimmed.split('/');
  const used = new Set<string>();
  const params: CanonicalParam[] = [];
  const rewritten = segments.map((segment, index) => {
    const previous = (segments[index - 1] ?? '').includes('{') ? '' : (segments[index - 1] ?? '');
    return segment.replace(PLACEHOLDER, (_whole, raw: string) => {
      const sourceName = raw === '' ? 'id' : raw;
      const kind = recogniseIdKind(sourceName, previous, trimmed);
      let name = kind && !used.has(kind.placeholder) ? kind.placeholder : sourceName;
      for (let n = 2; used.has(name); n += 1) name = `${kind?.placeholder ?? sourceName}${n}`;
      used.add(name);
      params.push({ name, sourceName: raw, ...(kind ? { kind } : {}) });
      return `{${name}}`;
    });
  });
  return { path: rewritten.join('/'), params };
}

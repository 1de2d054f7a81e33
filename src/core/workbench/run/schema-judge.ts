import type { DescribedEndpoint, PlatformDescription } from '../../platform/description-types.ts';
import { firstDifferences, responseSchemaFor } from '../../platform/schema-check.ts';
import type { SchemaJudge } from './evaluate-checks.ts';

/**
 * "Valid against the description": the response schema the platform description gives for the request's
 * endpoint and status, checked by core/platform/schema-check.ts (the one validator, shared with the panel's
 * response view and the sandbox's walk). The endpoint is found by method and path shape: a `{placeholder}` on
 * either side matches any segment, so a saved template and a path typed with real ids both find it.
 */
const segments = (path: string) => path.split('?')[0]?.split('/').filter(Boolean) ?? [];
const isPlaceholder = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** How well a path fits an endpoint's template: literal segments in common, or -1 when it cannot be that one. */
function literalFit(template: readonly string[], path: readonly string[]): number {
  if (template.length !== path.length) return -1;
  let literal = 0;
  for (const [index, part] of template.entries()) {
    const other = path[index] as string;
    if (isPlaceholder(part) || isPlaceholder(other)) continue;
    if (part !== other) return -1;
    literal += 1;
  }
  return literal;
}

export function findDescribedEndpoint(
  description: PlatformDescription,
  method: string,
  path: string,
): DescribedEndpoint | undefined {
  const wanted = segments(path);
  let best: DescribedEndpoint | undefined;
  let bestFit = -1;
  for (const endpoint of description.endpoints) {
    if (endpoint.method !== method.toUpperCase()) continue;
    const score = literalFit(segments(endpoint.path), wanted);
    if (score > bestFit) {
      best = endpoint;
      bestFit = score;
    }
  }
  return best;
}

export function createSchemaJudge(description: PlatformDescription): SchemaJudge {
  return (at, status, body) => {
    const endpoint = findDescribedEndpoint(description, at.method, at.pathTemplate);
    if (!endpoint) return { ok: false, message: `The description has no ${at.method} ${at.pathTemplate}.` };
    const response = responseSchemaFor(endpoint, status);
    if (!response?.schema)
      return {
        ok: false,
        message: `The description gives no response schema for ${endpoint.method} ${endpoint.path} ${status}.`,
      };
    const { differences, total } = firstDifferences(body, response.schema, description.schemas, 3);
    if (total === 0) return { ok: true };
    const shown = differences.map((difference) => `${difference.pointer || '/'}: ${difference.message}`);
    return {
      ok: false,
      message: `${total} difference${total === 1 ? '' : 's'} from ${endpoint.method} ${endpoint.path} ${response.status}: ${shown.join('; ')}${total > shown.length ? '; …' : ''}`,
    };
  };
}

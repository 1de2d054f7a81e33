/**
 * A response compared with what the platform's description documents for its status, with the one validator
 * (platform/schema-check.ts). Pure, so the panel's worker and the CLI runner can share it; what is done with the
 * differences (marks, report, history) is in response-differences.ts, which does not load the validator.
 */
import type { DescribedEndpoint } from '../platform/description-types.ts';
import { firstDifferences, responseSchemaFor } from '../platform/schema-check.ts';
import { KEPT_DIFFERENCES, type ResponseCheck } from './response-differences.ts';

export type { ResponseCheck } from './response-differences.ts';

/** Undefined when the description documents no JSON schema for this status. */
export function checkResponseValue(
  endpoint: Pick<DescribedEndpoint, 'responses'>,
  status: number,
  value: unknown,
  schemas: Record<string, unknown>,
): ResponseCheck | undefined {
  const documented = responseSchemaFor(endpoint, status);
  if (!documented || documented.schema === undefined) return undefined;
  const { differences, total } = firstDifferences(value, documented.schema, schemas, KEPT_DIFFERENCES);
  return { documentedStatus: documented.status, differences, total };
}

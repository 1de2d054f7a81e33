import type { PlatformDescription } from '../../platform/description-types.ts';
import type { SchemaJudge } from './evaluate-checks.ts';

// Replaced by the real judge when core/platform/schema-check.ts (branch wt-schema) is merged.
export function createSchemaJudge(_description: PlatformDescription): SchemaJudge {
  return () => ({ ok: false, message: 'This build has no response schemas to check against yet.' });
}

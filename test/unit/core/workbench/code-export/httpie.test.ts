/**
 * HTTPie reads its own syntax inside request items (`:@` header from a file, `:=@` JSON body from a file, `:=`
 * body field, `Name:` unsets). Debian's real `http` judges what the generated command means: `--offline` prints
 * the request it would send, in a directory holding canary files it must never read.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingReason } from '../../../../../scripts/system-packages.ts';
import type { RequestBody } from '../../../../../src/core/protocol.ts';
import {
  buildSnippet,
  describeSnippetRequest,
  type SnippetContext,
} from '../../../../../src/core/workbench/code-export/index.ts';
import { CANARY_MARK, runInCanaryDir } from '../../../../platform/support/recording-server.ts';

const context: SnippetContext = {
  apiBaseUrl: 'http://127.0.0.1:9',
  bridgeUrl: 'http://127.0.0.1:9',
  signatureMethod: 'PLAINTEXT',
  credentials: 'oauth',
};

function httpie(headers: [string, string][], body?: RequestBody): string {
  return buildSnippet(
    'httpie',
    describeSnippetRequest(
      { target: 'api', method: body ? 'POST' : 'GET', path: '/v2/x', headers, ...(body ? { body } : {}) },
      context,
    ),
  ).code;
}

/** The request `http --offline` prints for the command: head lines and body. */
async function offline(command: string): Promise<{ head: string[]; body: string }> {
  const run = await runInCanaryDir('bash', ['-c', command.replace(/^http /m, 'http --offline ')], {
    env: { CLEVER_CONSUMER_KEY: 'ck', CLEVER_CONSUMER_SECRET: 'cs', CLEVER_TOKEN: 't', CLEVER_TOKEN_SECRET: 's' },
  });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(run.newFiles).toEqual([]);
  expect(run.stdout).not.toContain(CANARY_MARK);
  const [head = '', body = ''] = run.stdout.split(/\r?\n\r?\n/);
  return { head: head.split(/\r?\n/), body: body.trimEnd() };
}

describe.skipIf(missingReason('httpie', existsSync))('HTTPie items read as literal values by the real http', () => {
  it('header values that look like HTTPie syntax are sent as they are', async () => {
    const values = ['@hdr', '=@f.json', '={"a":1}', ':=@f.json', '==x', '@', '=', 'a=@f.json', 'a\\b'];
    const { head } = await offline(httpie(values.map((value, index) => [`X-H${index}`, value])));
    for (const [index, value] of values.entries()) expect(head).toContain(`X-H${index}: ${value}`);
  });

  it('an empty header value is sent empty, not dropped', async () => {
    const { head } = await offline(httpie([['X-Empty', '']]));
    expect(head).toContain('X-Empty: ');
  });

  it('the content type and the body are sent as they are, also starting with @, = or -', async () => {
    for (const text of ['=@f.json', '--help']) {
      const { head, body } = await offline(httpie([], { kind: 'text', text, contentType: '@hdr' }));
      expect(head).toContain('Content-Type: @hdr');
      expect(body).toBe(text);
    }
  });

  it('refuses what HTTPie cannot write: a backslash before : ; @ =, a NUL in the body', () => {
    expect(() => httpie([['X-A', 'a\\:b']])).toThrow(/backslash before/);
    expect(() => httpie([], { kind: 'text', text: 'a\0b', contentType: 'text/plain' })).toThrow(
      /The body contains a NUL byte/,
    );
  });
});

import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildCurlCommand, shellQuote } from '../../../../src/core/workbench/build-curl-command.ts';

describe('buildCurlCommand', () => {
  it('prints method, URL, headers and body as quoted shell words', () => {
    expect(
      buildCurlCommand({
        method: 'POST',
        url: 'https://api.example.test/v2/self?a=1&b=2',
        headers: [
          ['Authorization', 'OAuth oauth_consumer_key="k", oauth_signature="s%3D"'],
          ['Content-Type', 'application/json'],
        ],
        body: '{"name":"it\'s"}',
      }),
    ).toBe(
      `curl -sS -X POST 'https://api.example.test/v2/self?a=1&b=2' -H 'Authorization: OAuth oauth_consumer_key="k", oauth_signature="s%3D"' -H 'Content-Type: application/json' --data-binary '{"name":"it'\\''s"}'`,
    );
  });

  it('round-trips any word through a real shell', () => {
    for (const word of ["it's", 'a"b', '$HOME `id` $(id)', 'tab\there', 'line\nbreak', '\\back', '']) {
      const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(word)}`]).toString();
      expect(echoed).toBe(word);
    }
  });
});

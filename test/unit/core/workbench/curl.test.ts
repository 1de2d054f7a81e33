import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { importCurlCommand, parseCurl } from '../../../../src/core/workbench/curl.ts';

const origins = { apiBaseUrl: 'https://api.clever-cloud.com', bridgeUrl: 'https://api-bridge.clever-cloud.com' };

describe('parseCurl', () => {
  it('reads a simple GET', () => {
    expect(parseCurl('curl https://api.clever-cloud.com/v2/self')).toEqual({
      method: 'GET',
      url: 'https://api.clever-cloud.com/v2/self',
      headers: [],
      notices: [],
    });
  });

  it('reads method, headers and a JSON body across line continuations', () => {
    const parsed = parseCurl(`curl -X PUT \\
      'https://api.clever-cloud.com/v2/organisations/orga_1/applications/app_1/env' \\
      -H 'Content-Type: application/json' \\
      -H "X-Trace: a b" \\
      --data-raw '{"PORT":"8080","MSG":"it'\\''s"}'`);
    expect(parsed.method).toBe('PUT');
    expect(parsed.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Trace', 'a b'],
    ]);
    expect(parsed.body).toEqual({
      text: `{"PORT":"8080","MSG":"it's"}`,
      contentType: 'application/json',
      declared: true,
    });
  });

  it('defaults to POST with a form content type when data is given, joining -d parts with &', () => {
    const parsed = parseCurl(
      `curl https://x.test/v2/a -d a=1 --data 'b=2 3' --data-urlencode 'c=x y&z' --data-urlencode =raw`,
    );
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toEqual({
      text: 'a=1&b=2 3&c=x+y%26z&raw',
      contentType: 'application/x-www-form-urlencoded',
      declared: false,
    });
  });

  it('handles clustered and attached short options (-sSL, -XPOST, -H"…")', () => {
    const parsed = parseCurl(`curl -sSLXPOST -H'Accept: application/json' -dname=value https://x.test/v2/a`);
    expect(parsed.method).toBe('POST');
    expect(parsed.headers).toEqual([['Accept', 'application/json']]);
    expect(parsed.body?.text).toBe('name=value');
  });

  it('reads --json as a JSON body with Accept, and --opt=value spellings', () => {
    const parsed = parseCurl(`curl --json '{"a":1}' --url=https://x.test/v2/a`);
    expect(parsed).toMatchObject({ method: 'POST', url: 'https://x.test/v2/a' });
    expect(parsed.body).toEqual({ text: '{"a":1}', contentType: 'application/json', declared: false });
    expect(parsed.headers).toEqual([['Accept', 'application/json']]);
  });

  it('moves data into the query with -G', () => {
    const parsed = parseCurl(`curl -G https://x.test/v2/a?x=1 -d limit=10 --data-urlencode 'q=a b'`);
    expect(parsed).toMatchObject({ method: 'GET', url: 'https://x.test/v2/a?x=1&limit=10&q=a+b' });
    expect(parsed.body).toBeUndefined();
  });

  it('reads HEAD from -I', () => {
    expect(parseCurl('curl -I https://x.test/v2/a').method).toBe('HEAD');
  });

  it('drops credentials with a notice for each', () => {
    const parsed = parseCurl(
      `curl https://x.test/v2/a -H 'Authorization: OAuth oauth_signature="s3cr3t"' -H 'cookie: sid=1' -u ada:pw --oauth2-bearer tok`,
    );
    expect(parsed.headers).toEqual([]);
    expect(JSON.stringify(parsed)).not.toContain('s3cr3t');
    expect(JSON.stringify(parsed)).not.toContain('ada:pw');
    expect(parsed.notices.join(' ')).toMatch(/Authorization/);
    expect(parsed.notices.join(' ')).toMatch(/Cookie/);
    expect(parsed.notices.join(' ')).toMatch(/-u/);
    expect(parsed.notices.join(' ')).toMatch(/oauth2-bearer/);
  });

  it('reports file reads and multipart instead of guessing', () => {
    const parsed = parseCurl(`curl https://x.test/v2/a -d @body.json -F file=@x.png -T up.bin`);
    expect(parsed.body).toBeUndefined();
    expect(parsed.notices).toHaveLength(3);
  });

  it('accepts clever curl, a $ prompt and a Windows curl.exe', () => {
    expect(parseCurl('$ clever curl https://x.test/v2/self').url).toBe('https://x.test/v2/self');
    expect(parseCurl('curl.exe https://x.test/v2/self').url).toBe('https://x.test/v2/self');
  });

  it('refuses what is not a curl command, or has no URL, with invalid-input', () => {
    for (const input of ['wget https://x.test', 'curl -s', "curl 'https://x.test"]) {
      try {
        parseCurl(input);
        expect.unreachable(input);
      } catch (error) {
        expect(error).toBeInstanceOf(KeyholeError);
        expect((error as KeyholeError).code).toBe('invalid-input');
      }
    }
  });

  it("reads Chrome's Copy as cURL (bash) output", () => {
    const chrome = String.raw`curl 'https://api.clever-cloud.com/v2/organisations/orga_1/applications?x=%C3%A9' \
  -H 'accept: application/json' \
  -H 'accept-language: en-GB,en;q=0.9' \
  -H 'authorization: OAuth oauth_consumer_key="k", oauth_signature="SIG"' \
  -H 'content-type: application/json' \
  -H 'origin: https://console.clever-cloud.com' \
  -H 'priority: u=1, i' \
  -H 'sec-ch-ua: "Chromium";v="156"' \
  -H 'sec-fetch-mode: cors' \
  -H 'user-agent: Mozilla/5.0' \
  --data-raw $'{"name":"l\'app","note":"a\\nb"}'`;
    const { draft, notices } = importCurlCommand(chrome, origins);
    expect(draft).toMatchObject({ method: 'POST', target: 'api', path: '/v2/organisations/orga_1/applications' });
    expect(draft.query).toEqual([{ name: 'x', value: 'é', enabled: true }]);
    expect(draft.headers).toEqual([
      { name: 'accept', value: 'application/json', enabled: true },
      { name: 'accept-language', value: 'en-GB,en;q=0.9', enabled: true },
    ]);
    expect(draft.bodyMode).toBe('json');
    expect(JSON.parse(draft.json)).toEqual({ name: "l'app", note: 'a\nb' });
    expect(notices.join('\n')).toMatch(/Authorization/);
    expect(notices.join('\n')).toMatch(/origin, priority, sec-ch-ua, sec-fetch-mode, user-agent/);
    expect(JSON.stringify(draft)).not.toContain('SIG');
  });
});

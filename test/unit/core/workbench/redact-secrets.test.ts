import { describe, expect, it } from 'vitest';
import { sanitizeRequest } from '../../../../src/core/workbench/history-entry.ts';
import {
  isRedacted,
  looksLikeCredentialValue,
  looksSecretName,
  REDACTED,
  redactJsonValue,
  redactPairs,
  redactParams,
  redactSecretsInText,
  redactSecretsInTypedText,
  redactUrl,
  stripSensitiveHeaders,
} from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft, validateDraft } from '../../../../src/core/workbench/request-draft.ts';

describe('secret redaction', () => {
  it('strips credential headers whatever their case', () => {
    expect(
      stripSensitiveHeaders([
        ['Authorization', 'OAuth x'],
        ['COOKIE', 'a'],
        ['set-cookie', 'b'],
        ['Accept', 'application/json'],
      ]),
    ).toEqual([['Accept', 'application/json']]);
  });

  it("masks the bridge's one-time token, passwords and consumer secrets in JSON, deeply", () => {
    const { value, changed } = redactJsonValue({
      apiToken: 'tok_123',
      apiTokenId: 'id_1',
      nested: [{ password: 'pw', name: 'x' }],
      access_secret: { status: 'Plain', payload: 'S3' },
      secret: '',
      admin: false,
    });
    expect(changed).toBe(true);
    expect(value).toEqual({
      apiToken: REDACTED,
      apiTokenId: 'id_1',
      nested: [{ password: REDACTED, name: 'x' }],
      access_secret: { status: REDACTED, payload: REDACTED },
      secret: '',
      admin: false,
    });
  });

  it('keeps text that has no secret byte for byte', () => {
    const text = '{ "id": 1,\n "name": "x" }';
    expect(redactSecretsInText(text, 'application/json')).toBe(text);
  });

  it('masks JSON cut short by a size cap, pair by pair', () => {
    const cut = '[{"name":"a","password":"hunter2"},{"consumerSecret":"abc\\"def","x":"';
    const redacted = redactSecretsInText(cut, 'application/json');
    expect(redacted).not.toContain('hunter2');
    expect(redacted).not.toContain('abc');
    expect(redacted).toContain('"name":"a"');
  });

  it('masks OAuth token responses and secret query parameters', () => {
    const body = 'oauth_token=t1&oauth_token_secret=ts1&expiration_date=2030';
    const redacted = redactSecretsInText(body, 'application/x-www-form-urlencoded');
    expect(redacted).toContain('oauth_token=t1');
    expect(redacted).not.toContain('ts1');
    expect(redactSecretsInText(body, '')).not.toContain('ts1');
    expect(redactUrl('https://x.test/v2/a?password=p&ok=1#f')).toBe(
      `https://x.test/v2/a?password=${encodeURIComponent(REDACTED)}&ok=1#f`,
    );
    expect(
      redactPairs([
        ['mfaCode', '123456'],
        ['name', 'n'],
      ]),
    ).toEqual([
      ['mfaCode', REDACTED],
      ['name', 'n'],
    ]);
  });

  it('leaves plain text and HTML alone', () => {
    expect(redactSecretsInText('hello password=visible in prose', 'text/plain')).toBe(
      'hello password=visible in prose',
    );
    expect(redactSecretsInText('<p>secret=1</p>', 'text/html')).toBe('<p>secret=1</p>');
  });
});

describe('redaction of what a user typed (the composer draft)', () => {
  it('reads secret words in any name style, but not names about a secret', () => {
    for (const name of [
      'password',
      'X-Api-Key',
      'x-auth-token',
      'clientSecret',
      'db_password',
      'Auth',
      'API_KEY',
      'pwd',
    ])
      expect(looksSecretName(name), name).toBe(true);
    for (const name of ['name', 'apiTokenId', 'token_type', 'oauth_token', 'X-Trace', 'key', 'passenger', 'limit'])
      expect(looksSecretName(name), name).toBe(false);
    expect(looksLikeCredentialValue('Bearer abc')).toBe(true);
    expect(looksLikeCredentialValue('basic')).toBe(false);
  });

  it('masks key=value and key: value pairs in free text, keeping the rest', () => {
    expect(redactSecretsInTypedText('password=hunter2', 'text/plain')).toBe(`password=${encodeURIComponent(REDACTED)}`);
    expect(redactSecretsInTypedText('user: ada\npassword: hunter 2\nAuthorization: Bearer abc.def', 'text/plain')).toBe(
      `user: ada\npassword: ${REDACTED}\nAuthorization: ${REDACTED}`,
    );
    expect(redactSecretsInTypedText("login ada with pwd='s3 cr3t' now", 'text/plain')).toBe(
      `login ada with pwd='${REDACTED}' now`,
    );
    expect(redactSecretsInTypedText('no secrets here: just=text', 'text/plain')).toBe('no secrets here: just=text');
    expect(redactSecretsInTypedText('--password=x1 --user=ada, token: t 2; next', 'text/plain')).toBe(
      `--password=${REDACTED} --user=ada, token: ${REDACTED}; next`,
    );
  });

  it('masks JSON with the looser names, unfinished JSON too, and leaves its structure valid', () => {
    const masked = redactSecretsInTypedText('{"user":"ada","db_password":"pw1","auth":{"k":"v"},"on":true}', '');
    expect(JSON.parse(masked)).toEqual({ user: 'ada', db_password: REDACTED, auth: { k: REDACTED }, on: true });
    const unfinished = redactSecretsInTypedText('{"user": "ada", "password": hunter2', 'application/json');
    expect(unfinished).not.toContain('hunter2');
    expect(unfinished).toContain('"user": "ada"');
    expect(isRedacted(unfinished)).toBe(true);
  });

  it('masks a megabyte of hostile text in one pass', () => {
    // Each input kept an old pattern busy for ~10^11 steps or more (hours): escaped quotes re-read from every quote
    // of a JSON text cut short, and a name re-read from every dash of `-a-a-a…`. vitest's timeout is the bound.
    const quotes = `"${'\\"'.repeat(500_000)}`;
    expect(redactSecretsInText(quotes, 'application/json')).toBe(quotes);
    expect(redactSecretsInText(`{"password": "p1", "x": ${quotes}`, 'application/json')).toBe(
      `{"password": "${REDACTED}", "x": ${quotes}`,
    );
    const dashes = '-a'.repeat(500_000);
    expect(redactSecretsInTypedText(`${dashes} --password=hunter2`, 'text/plain')).toBe(
      `${dashes} --password=${REDACTED}`,
    );
  });
});

describe('hostile bodies', () => {
  it('keeps a "__proto__" key of a body as a key while masking a secret beside it', () => {
    const text = '{"__proto__":{"a":1},"password":"hunter2hunter2"}';
    expect(redactSecretsInText(text, 'application/json')).toBe(
      `{"__proto__":{"a":1},"password":${JSON.stringify(REDACTED)}}`,
    );
  });
});

describe('parameters of a path segment (/v2/self;access_token=…)', () => {
  const mask = encodeURIComponent(REDACTED);

  it('masks a secret-named one in the path typed or called, with the query’s name tests', () => {
    expect(redactUrl('/v2/self;token=abc', true)).toBe(`/v2/self;token=${mask}`);
    expect(redactUrl('/v2/self;access_token=abc/x', true)).toBe(`/v2/self;access_token=${mask}/x`);
    expect(redactUrl('/v2/x;oauth_token_secret=ts1;foo=bar', true)).toBe(`/v2/x;oauth_token_secret=${mask};foo=bar`);
    // History and HAR read a called URL with the strict names, as they do its query: `token` alone stays there.
    expect(redactUrl('https://x.test/v2/x;token=t1;access_token=a1/y;password=p1?limit=2#f')).toBe(
      `https://x.test/v2/x;token=t1;access_token=${mask}/y;password=${mask}?limit=2#f`,
    );
  });

  it('masks several in one segment, in several segments, any case, encoded ; = and names', () => {
    const typed = [
      '/v2/a;password=p1;client_secret=c1;limit=2/b;apiToken=t1/c',
      '/v2/a;PASSWORD=p2;Access_Token=a2',
      '/v2/a%3Bpassword%3Dp3%3baccess_token%3da3',
      '/v2/a%253Bpassword%253Dp4',
      '/v2/a;pass%77ord=p5;access%5Ftoken=a5;%2561ccess_token=a6',
      '/v2/a;%20password%20=p7',
    ];
    for (const path of typed) {
      const stored = redactUrl(path, true);
      expect(stored, path).not.toMatch(/[pact][1-7]/);
      expect(isRedacted(stored), path).toBe(true);
    }
    expect(redactUrl(typed[0] as string, true)).toBe(
      `/v2/a;password=${mask};client_secret=${mask};limit=2/b;apiToken=${mask}/c`,
    );
  });

  it('masks a secret with an encoded ; in it whole: its value runs to the next typed ;', () => {
    // `%3B` is how a `;` inside a password is typed: a server splitting on a typed `;` reads it as the value's.
    expect(redactUrl('/v2/a;password=ab%3Bcd;v=2/b;x=1%3Btoken%3Dt%3Bv%3D3;w=4', true)).toBe(
      `/v2/a;password=${mask};v=2/b;x=1%3Btoken%3D${mask};w=4`,
    );
    expect(redactUrl('/v2/a%3Bpassword%3Dp3%3baccess_token%3da3', true)).toBe(`/v2/a%3Bpassword%3D${mask}`);
  });

  it('keeps ordinary paths with ; as written, and an empty value (nothing to hide)', () => {
    for (const path of [
      '/v2/self',
      '/v2/a;b;c/d',
      '/v2/a;v=1;lang=en/b',
      '/v2/token=abc/x',
      '/v2/a;token_type=bearer;apiTokenId=id1',
      '/v2/a;password=;token=',
      '/v2/a%3Bdb%3Dmain',
      '/v2/{app};rev={rev}',
    ])
      expect(redactUrl(path, true), path).toBe(path);
  });

  it('keeps a typed {placeholder} as a secret’s value, and masks the path parameter it names instead', () => {
    const path = '/v2/{app};access_token={token};v={version}/x;password={{pw}};api_token=pre{key}';
    expect(redactUrl(path, true)).toBe(
      `/v2/{app};access_token={token};v={version}/x;password={{pw}};api_token=${mask}`,
    );
    expect(
      redactParams({ app: 'app_1', token: 's3cr3t', version: '2', pw: 'p1', key: 'k1', other: 'o' }, path),
    ).toEqual({ app: 'app_1', token: REDACTED, version: '2', pw: REDACTED, key: REDACTED, other: 'o' });
    // Also when the same placeholder is used elsewhere in the path too; an empty value stays empty.
    expect(redactParams({ token: 's3cr3t' }, '/v2/{token};password={token}')).toEqual({ token: REDACTED });
    expect(redactParams({ token: '' }, '/v2/x;password={token}')).toEqual({ token: '' });
    // In the query or fragment typed in the path, the placeholder is masked as the rest of the value: so is its value.
    expect(redactParams({ token: 's3cr3t', id: 'i' }, '/v2/x/{id}?access_token={token}')).toEqual({
      token: REDACTED,
      id: 'i',
    });
    expect(redactParams({ id: 'Bearer abc', app: 'app_1' })).toEqual({ id: REDACTED, app: 'app_1' });
    // History reads a path as sent (no placeholders there): a literal {x} under a secret name is masked.
    expect(redactUrl('/v2/x;password={x}')).toBe(`/v2/x;password=${mask}`);
  });

  it('reads a path of many placeholders with as many parameters once, not once per parameter', () => {
    const count = 20_000;
    const names = Array.from({ length: count }, (_, index) => `p${index}`);
    // A masked query takes {p0} out of the path; every other placeholder stays.
    const path = `/v2/x;token=s3cr3t/${names.map((name) => `{${name}}`).join('/')}?password={p0}`;
    const params = Object.fromEntries(names.map((name) => [name, 'v']));
    expect(redactParams(params, path)).toEqual({ ...params, p0: REDACTED });
  });

  it('masks a segment parameter typed inside a path parameter’s value, as history masks it once sent', () => {
    const draft = createDraft({
      path: '/v2/organisations/{id}/applications',
      params: { id: 'orga_x;access_token=s3cr3t;v=2' },
    });
    // Sent as typed, encoded as one segment; history reads the encoded ; and = as a parameter and masks it.
    const check = validateDraft(draft);
    if (!check.ok) throw new Error('the typed draft is sendable');
    expect(check.request.path).toBe('/v2/organisations/orga_x%3Baccess_token%3Ds3cr3t%3Bv%3D2/applications');
    expect(sanitizeRequest(check.request).path).not.toContain('s3cr3t');
    // The stored copy masks it too, and Send refuses the mask rather than sending it.
    const stored = { ...draft, params: redactParams(draft.params, draft.path) };
    expect(stored.params).toEqual({ id: `orga_x;access_token=${REDACTED};v=2` });
    expect(validateDraft(stored).ok).toBe(false);
    // An ordinary value, an empty one and a {variable} stay as typed.
    expect(
      redactParams({ a: 'x;v=2', b: 'x;password=', c: 'x;token={tok}', d: 'a%3Bb' }, '/v2/{a}/{b}/{c}/{d}'),
    ).toEqual({ a: 'x;v=2', b: 'x;password=', c: 'x;token={tok}', d: 'a%3Bb' });
  });
});

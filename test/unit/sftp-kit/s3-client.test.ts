import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, normaliseEndpoint } from '../../../src/sftp-kit/s3-client.ts';

/** A real S3-compatible server on loopback: it checks SigV4 signatures with the key pair S3RVER/S3RVER. */
let server: S3rver;
let endpoint: string;
const directory = mkdtempSync(join(tmpdir(), 'keyhole-s3rver-'));

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };

describe('the S3 client against s3rver', () => {
  it('creates a dotted bucket path-style, with a SigV4 signature the server accepts, and lists it', async () => {
    const client = createS3Client({ endpoint, ...keys });
    expect(await client.listBuckets()).toEqual([]);
    expect(await client.createBucket('files.keyhole.test')).toBe('created');
    expect(await client.createBucket('second-bucket')).toBe('created');
    expect(await client.listBuckets()).toEqual(['files.keyhole.test', 'second-bucket']);
  });

  it('signs each request with SigV4 exactly as an independent computation does (s3rver checks only the key id)', async () => {
    const seen: Request[] = [];
    const capture = async (input: RequestInfo | URL) => {
      seen.push(input as Request);
      return new Response('<ListAllMyBucketsResult><Buckets/></ListAllMyBucketsResult>', { status: 200 });
    };
    const client = createS3Client(
      {
        endpoint: 'https://cellar.example.test',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
        region: 'us-east-1',
      },
      capture as typeof fetch,
    );
    await client.listBuckets();
    await client.createBucket('files.keyhole.test').catch(() => {});
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET https://cellar.example.test/',
      'PUT https://cellar.example.test/files.keyhole.test',
    ]);
    for (const request of seen) {
      expect(request.headers.get('authorization')).toBe(
        expectedAuthorization(request, 'AKIDEXAMPLE', 'wJalrXUtnFEMI/K7MDENG'),
      );
    }
  });

  it('says the keys were refused when the key id is unknown', async () => {
    const client = createS3Client({ endpoint, ...keys, accessKeyId: 'NOPE' });
    await expect(client.createBucket('any-bucket')).rejects.toMatchObject({ code: 'invalid-credential' });
  });

  it('reports a bucket that already exists', async () => {
    const client = createS3Client({ endpoint, ...keys });
    await client.createBucket('taken-bucket');
    const again = await client.createBucket('taken-bucket').then(
      (result) => ({ result }),
      (error) => ({ error }),
    );
    // S3 says BucketAlreadyOwnedByYou (ready to use) or BucketAlreadyExists (taken): both are handled.
    if ('result' in again) expect(again.result).toBe('already-yours');
    else expect(again.error).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('reports an unreachable endpoint as a network problem, without retrying for long', async () => {
    const started = Date.now();
    const client = createS3Client({ endpoint: 'http://127.0.0.1:9', ...keys });
    await expect(client.listBuckets()).rejects.toMatchObject({
      code: 'network',
      message: expect.stringContaining('Could not reach the storage at http://127.0.0.1:9'),
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('needs both keys before any call', () => {
    expect(() => createS3Client({ endpoint, ...keys, secretAccessKey: ' ' })).toThrow(/CELLAR_ADDON_KEY_SECRET/);
  });
});

describe('normaliseEndpoint', () => {
  it('drops trailing slashes and refuses what is not http(s)', () => {
    expect(normaliseEndpoint('https://cellar.test/')).toBe('https://cellar.test');
    expect(() => normaliseEndpoint('cellar.test')).toThrow(/not a URL/);
    expect(() => normaliseEndpoint('ftp://cellar.test')).toThrow(/must start with https/);
  });
});

/**
 * SigV4 recomputed from the AWS documentation with node:crypto, for requests without a query string:
 * canonical request → string to sign → HMAC chain of date/region/service → signature.
 */
function expectedAuthorization(request: Request, keyId: string, secret: string): string {
  const url = new URL(request.url);
  const amzDate = request.headers.get('x-amz-date')!;
  const payloadHash = request.headers.get('x-amz-content-sha256')!;
  const signed = ['host', 'x-amz-content-sha256', 'x-amz-date'];
  const values: Record<string, string> = { host: url.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
  const canonical = [
    request.method,
    url.pathname,
    '',
    ...signed.map((name) => `${name}:${values[name]}`),
    '',
    signed.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${amzDate.slice(0, 8)}/us-east-1/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer = createHmac('sha256', `AWS4${secret}`).update(amzDate.slice(0, 8)).digest();
  for (const part of ['us-east-1', 's3', 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${keyId}/${scope}, SignedHeaders=${signed.join(';')}, Signature=${signature}`;
}

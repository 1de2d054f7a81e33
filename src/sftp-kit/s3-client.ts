/**
 * The two object-storage calls the kit makes (list buckets, create a bucket), signed with SigV4 by
 * aws4fetch, path-style (`endpoint/bucket`) so that dotted bucket names work over TLS.
 */
import { AwsClient } from 'aws4fetch';
import { KeyholeError } from '../core/errors.ts';
import { parseBucketList, parseS3Error } from '../core/sftp/s3-xml.ts';

/**
 * SigV4 needs a region in its credential scope. Cellar accepts any, and us-east-1 is the one every
 * S3-compatible server takes without a LocationConstraint body.
 */
export const DEFAULT_SIGNING_REGION = 'us-east-1';

export interface S3Settings {
  /** `https://host` (or `http://127.0.0.1:port` for a local test server). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export type CreateBucketResult = 'created' | 'already-yours';

export interface S3Client {
  listBuckets(): Promise<string[]>;
  createBucket(name: string): Promise<CreateBucketResult>;
}

export function normaliseEndpoint(text: string): string {
  const trimmed = text.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new KeyholeError('invalid-input', `“${trimmed}” is not a URL: use https:// followed by CELLAR_ADDON_HOST.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new KeyholeError('invalid-input', 'The storage endpoint must start with https://.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function createS3Client(settings: S3Settings, fetchImpl: typeof fetch = fetch.bind(globalThis)): S3Client {
  if (!settings.accessKeyId.trim() || !settings.secretAccessKey.trim()) {
    throw new KeyholeError('invalid-input', 'Fill in CELLAR_ADDON_KEY_ID and CELLAR_ADDON_KEY_SECRET first.');
  }
  const endpoint = normaliseEndpoint(settings.endpoint);
  const aws = new AwsClient({
    accessKeyId: settings.accessKeyId.trim(),
    secretAccessKey: settings.secretAccessKey.trim(),
    service: 's3',
    region: settings.region.trim() || DEFAULT_SIGNING_REGION,
    // The user is watching: fail at once instead of aws4fetch's default of ten retries.
    retries: 0,
  });

  async function call(method: 'GET' | 'PUT', path: string): Promise<{ status: number; body: string }> {
    const request = await aws.sign(`${endpoint}${path}`, { method });
    let response: Response;
    try {
      response = await fetchImpl(request);
    } catch (error) {
      throw new KeyholeError(
        'network',
        `Could not reach the storage at ${new URL(endpoint).origin}. Check the endpoint, and that the browser allows Keyhole to access it.`,
        { detail: error instanceof Error ? error.message : String(error) },
      );
    }
    return { status: response.status, body: await response.text() };
  }

  return {
    async listBuckets() {
      const { status, body } = await call('GET', '/');
      if (status !== 200) throw describeFailure('list the buckets', status, body);
      try {
        return parseBucketList(body);
      } catch (error) {
        throw new KeyholeError('malformed-response', (error as Error).message, { detail: body.slice(0, 300) });
      }
    },
    async createBucket(name) {
      const { status, body } = await call('PUT', `/${encodeURIComponent(name)}`);
      if (status === 200) return 'created';
      const s3Error = parseS3Error(body);
      if (status === 409 && s3Error?.code === 'BucketAlreadyOwnedByYou') return 'already-yours';
      if (status === 409) {
        throw new KeyholeError(
          'conflict',
          `The bucket name “${name}” is taken. Bucket names are shared by everyone on the storage cluster: pick another one.`,
          { status, detail: s3Error ? `${s3Error.code}: ${s3Error.message}` : body.slice(0, 300) },
        );
      }
      throw describeFailure(`create the bucket “${name}”`, status, body);
    },
  };
}

function describeFailure(action: string, status: number, body: string): KeyholeError {
  const s3Error = parseS3Error(body);
  const detail = s3Error ? `${s3Error.code}: ${s3Error.message}` : body.slice(0, 300);
  if (status === 403 && s3Error && /SignatureDoesNotMatch|InvalidAccessKeyId|AccessDenied/.test(s3Error.code)) {
    return new KeyholeError(
      'invalid-credential',
      `The storage refused the keys (${s3Error.code}). Check CELLAR_ADDON_KEY_ID and CELLAR_ADDON_KEY_SECRET.`,
      { status, detail },
    );
  }
  if (status === 400 && s3Error?.code === 'InvalidBucketName') {
    return new KeyholeError('invalid-input', `The storage refused the bucket name: ${s3Error.message}`, {
      status,
      detail,
    });
  }
  return new KeyholeError('http-error', `The storage could not ${action} (HTTP ${status}).`, { status, detail });
}

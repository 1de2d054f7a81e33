/** Fake KitServices for component tests: every call is a vi.fn, the host key is a real one (Node's Web Crypto). */
import { webcrypto } from 'node:crypto';
import { vi } from 'vitest';
import type { SessionStatus } from '../../../src/core/protocol.ts';
import { generateHostKey } from '../../../src/core/sftp/ed25519-host-key.ts';
import type { S3Client } from '../../../src/sftp-kit/s3-client.ts';
import type { KitServices } from '../../../src/sftp-kit/services.ts';
import { signedIn, signedOut } from '../support/sandbox-session.ts';

export const SIGNED_OUT: SessionStatus = signedOut();

export const SIGNED_IN: SessionStatus = signedIn('2027-01-01T00:00:00Z');

export function fakeS3(overrides: Partial<S3Client> = {}): S3Client {
  return {
    listBuckets: vi.fn(async () => ['existing']),
    createBucket: vi.fn(async () => 'created' as const),
    ...overrides,
  };
}

export function fakeServices(overrides: Partial<KitServices> = {}) {
  let passwords = 0;
  const s3 = fakeS3();
  const services = {
    sessionStatus: vi.fn(async () => SIGNED_OUT),
    apiGet: vi.fn(async (_path: string): Promise<string> => {
      throw new Error('apiGet not expected');
    }),
    apiCall: vi.fn(async (method: string, path: string): Promise<{ status: number; text: string }> => {
      throw new Error(`apiCall ${method} ${path} not expected`);
    }),
    sftpUserExists: vi.fn(async () => false),
    downloadBytes: vi.fn(),
    openSettings: vi.fn(),
    requestHostAccess: vi.fn(async () => 'granted' as const),
    createS3Client: vi.fn(() => s3),
    createSftpUser: vi.fn(async () => ({ username: 'x' })),
    generateHostKey: vi.fn(() => generateHostKey({ crypto: webcrypto as unknown as Crypto })),
    generatePassword: vi.fn(() => `GeneratedPassword${++passwords}xyz`),
    copy: vi.fn(async () => {}),
    download: vi.fn(),
    ...overrides,
  } satisfies KitServices;
  return { services, s3 };
}

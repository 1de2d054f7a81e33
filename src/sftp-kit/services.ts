/**
 * Everything the kit's components do outside themselves, behind one interface: the page entry wires the
 * real implementations, component tests pass fakes.
 */
import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import type { SessionStatus } from '../core/protocol.ts';
import type { CreatedSftpUser } from '../core/sftp/admin-api.ts';
import { generateHostKey, type HostKey } from '../core/sftp/ed25519-host-key.ts';
import { generatePassword } from '../core/sftp/password.ts';
import { send } from '../ui/send.ts';
import { copyText, downloadText } from './download.ts';
import type { HostAccess } from './host-access.ts';
import { requestHostAccess } from './host-permission.ts';
import { createS3Client, type S3Client, type S3Settings } from './s3-client.ts';
import { type CreateSftpUserRequest, createSftpUser } from './sftp-admin-client.ts';

export interface KitServices {
  sessionStatus(): Promise<SessionStatus>;
  /** GET on the platform API through the worker (signed there); resolves with the body text of a 2xx. */
  apiGet(path: string): Promise<string>;
  openSettings(): void;
  requestHostAccess(url: string): Promise<HostAccess>;
  createS3Client(settings: S3Settings): S3Client;
  createSftpUser(request: CreateSftpUserRequest): Promise<CreatedSftpUser>;
  generateHostKey(): Promise<HostKey>;
  generatePassword(): string;
  copy(text: string): Promise<void>;
  download(filename: string, text: string, type?: string): void;
}

export const browserServices: KitServices = {
  sessionStatus: () => send('session/status'),
  async apiGet(path) {
    const response = await send('request/send', { target: 'api', method: 'GET', path });
    const text = response.body.kind === 'text' ? response.body.text : atob(response.body.base64);
    if (response.status < 200 || response.status > 299) {
      throw new KeyholeError(
        response.status === 404 ? 'not-found' : response.status === 403 ? 'forbidden' : 'http-error',
        `The platform API answered HTTP ${response.status} for ${path}.`,
        { status: response.status, detail: text.slice(0, 300) },
      );
    }
    return text;
  },
  openSettings: () => void browser.runtime.openOptionsPage(),
  requestHostAccess,
  createS3Client: (settings) => createS3Client(settings),
  createSftpUser: (request) => createSftpUser(request),
  generateHostKey: () => generateHostKey({ comment: 'sftpgo-host-key' }),
  generatePassword: () => generatePassword(),
  copy: copyText,
  download: downloadText,
};

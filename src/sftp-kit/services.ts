/**
 * Everything the kit's components do outside themselves, behind one interface: the page entry wires the
 * real implementations, component tests pass fakes.
 */
import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import type { HttpMethod, SessionStatus } from '../core/protocol.ts';
import type { CreatedSftpUser } from '../core/sftp/admin-api.ts';
import { generateHostKey, type HostKey } from '../core/sftp/ed25519-host-key.ts';
import { generatePassword } from '../core/sftp/password.ts';
import type { ApiAnswer } from '../core/sftp/provision-api.ts';
import { send } from '../ui/send.ts';
import { copyText, downloadBytes, downloadText } from './download.ts';
import type { HostAccess } from './host-access.ts';
import { requestHostAccess } from './host-permission.ts';
import { createS3Client, type S3Client, type S3Settings } from './s3-client.ts';
import {
  type CreateSftpUserRequest,
  createSftpUser,
  type SftpAdminRequest,
  sftpUserExists,
} from './sftp-admin-client.ts';

export interface KitServices {
  sessionStatus(): Promise<SessionStatus>;
  /** GET on the platform API through the worker (signed there); resolves with the body text of a 2xx. */
  apiGet(path: string): Promise<string>;
  /** Any call to the platform API through the worker (signed there), JSON body; resolves with every status. */
  apiCall(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  sftpUserExists(request: SftpAdminRequest, username: string): Promise<boolean>;
  openSettings(): void;
  requestHostAccess(url: string): Promise<HostAccess>;
  createS3Client(settings: S3Settings): S3Client;
  createSftpUser(request: CreateSftpUserRequest): Promise<CreatedSftpUser>;
  generateHostKey(): Promise<HostKey>;
  generatePassword(): string;
  copy(text: string): Promise<void>;
  download(filename: string, text: string, type?: string): void;
  downloadBytes(filename: string, bytes: Uint8Array, type: string): void;
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
  async apiCall(method, pathAndQuery, body) {
    const url = new URL(pathAndQuery, 'https://api.invalid');
    const response = await send('request/send', {
      target: 'api',
      method: method.toUpperCase() as HttpMethod,
      path: url.pathname,
      query: [...url.searchParams],
      body: body === undefined ? { kind: 'none' } : { kind: 'json', text: JSON.stringify(body) },
    });
    return { status: response.status, text: response.body.kind === 'text' ? response.body.text : '' };
  },
  sftpUserExists: (request, username) => sftpUserExists(request, username),
  openSettings: () => void browser.runtime.openOptionsPage(),
  requestHostAccess,
  createS3Client: (settings) => createS3Client(settings),
  createSftpUser: (request) => createSftpUser(request),
  generateHostKey: () => generateHostKey({ comment: 'sftpgo-host-key' }),
  generatePassword: () => generatePassword(),
  copy: copyText,
  download: downloadText,
  downloadBytes,
};

/** What the Storage section gathers and the SFTP users section uses. Lives in page memory only. */
import { normaliseStorageHost } from '../core/sftp/user-record.ts';
import { DEFAULT_SIGNING_REGION } from './s3-client.ts';

export interface StorageValues {
  /** CELLAR_ADDON_HOST */
  host: string;
  /** CELLAR_ADDON_KEY_ID */
  keyId: string;
  /** CELLAR_ADDON_KEY_SECRET */
  keySecret: string;
  /** The S3 endpoint the kit calls; null means `https://` + host. Tests point it at a local server. */
  endpointOverride: string | null;
  signingRegion: string;
  bucket: string;
  /** Whether POSTGRESQL_ADDON_URI was seen in the application's environment (its value is not kept). */
  databaseUri: 'present' | 'missing' | 'unknown';
}

export const EMPTY_STORAGE: StorageValues = {
  host: '',
  keyId: '',
  keySecret: '',
  endpointOverride: null,
  signingRegion: DEFAULT_SIGNING_REGION,
  bucket: '',
  databaseUri: 'unknown',
};

export function storageEndpoint(values: StorageValues): string {
  if (values.endpointOverride !== null) return values.endpointOverride;
  const host = normaliseStorageHost(values.host);
  return host ? `https://${host}` : '';
}

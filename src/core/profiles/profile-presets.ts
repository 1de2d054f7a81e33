import type { ProfileInput } from '../protocol.ts';

/**
 * The two profiles users start from. The sandbox's consumer pair is public on purpose, like the CLI's own
 * consumer: it only works against the local sandbox (`npm run sandbox`), which embeds the same values.
 */
export const REAL_PLATFORM_PRESET: Omit<ProfileInput, 'consumerKey' | 'consumerSecret'> = {
  name: 'Clever Cloud',
  preset: 'real',
  apiBaseUrl: 'https://api.clever-cloud.com',
  bridgeUrl: 'https://api-bridge.clever-cloud.com',
  consoleUrl: 'https://console.clever-cloud.com',
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

export const SANDBOX_PRESET: ProfileInput = {
  name: 'Local sandbox',
  preset: 'sandbox',
  apiBaseUrl: 'http://127.0.0.1:8780',
  bridgeUrl: 'http://127.0.0.1:8781',
  consumerKey: 'keyhole-sandbox',
  consumerSecret: 'sandbox-secret-not-for-production',
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

/** Origins the manifest grants up front; any other origin needs a runtime host permission. */
export const MANIFEST_ORIGINS: readonly string[] = [
  'https://api.clever-cloud.com',
  'https://api-bridge.clever-cloud.com',
];

import { hostPermissionPattern } from '../browser-target.ts';
import { MANIFEST_ORIGINS } from '../profiles/profile-presets.ts';

/**
 * Which addresses of a profile need a runtime host permission, and the match patterns to ask for.
 * The manifest grants the real platform up front; every other origin (the sandbox on 127.0.0.1, a self-hosted
 * platform) is optional and granted by the user.
 */

export type OriginRole = 'API' | 'bridge';

export interface OriginNeed {
  origin: string;
  /** Which of the profile's addresses use this origin (both, when API and bridge share a host). */
  roles: OriginRole[];
}

/** The origin of an address, or undefined when it is not a URL Keyhole could call. */
export function originOf(address: string): string | undefined {
  try {
    const url = new URL(address.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The match pattern covering every path of an origin, as `permissions.contains/request` take it. Firefox
 * ignores a port in a host permission, so there the pattern names the host alone (see browser-target.ts).
 */
export function originPattern(origin: string): string {
  return hostPermissionPattern(origin);
}

export function originsNeedingPermission(
  profile: { apiBaseUrl: string; bridgeUrl: string },
  granted: readonly string[] = MANIFEST_ORIGINS,
): OriginNeed[] {
  const needs: OriginNeed[] = [];
  const addresses: [OriginRole, string][] = [
    ['API', profile.apiBaseUrl],
    ['bridge', profile.bridgeUrl],
  ];
  for (const [role, address] of addresses) {
    const origin = originOf(address);
    if (!origin || granted.includes(origin)) continue;
    const existing = needs.find((need) => need.origin === origin);
    if (existing) existing.roles.push(role);
    else needs.push({ origin, roles: [role] });
  }
  return needs;
}

/** "http://a", "http://a and http://b", "http://a, http://b and http://c". */
export function joinOrigins(origins: readonly string[]): string {
  if (origins.length <= 1) return origins.join('');
  return `${origins.slice(0, -1).join(', ')} and ${origins[origins.length - 1]}`;
}

/**
 * `tsx scripts/ensure-system-packages.ts --for demo|test`: installs the Debian packages that entry point needs
 * (scripts/system-packages.ts holds the list) when some are missing and we are root, as the README promises a
 * newcomer: `npm run demo` and `npm test` need no other step. Without root it prints the one apt-get line to run.
 * For tests that is not fatal: each test that needs a missing program is skipped and says why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { installCommand, missingPackages, NEEDS, type PackageKey, type SystemPackage } from './system-packages.ts';

export function ensureSystemPackages(purpose: keyof typeof NEEDS): { installed: boolean; missing: SystemPackage[] } {
  return ensurePackages(NEEDS[purpose], purpose);
}

/** The same for any list of packages (the bench needs only what the benchmarks it runs need). */
export function ensurePackages(
  keys: readonly PackageKey[],
  purpose: string,
): { installed: boolean; missing: SystemPackage[] } {
  const missing = missingPackages(keys, existsSync);
  if (missing.length === 0) return { installed: false, missing };
  const names = missing.map((pkg) => pkg.name);
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages for ${purpose}: ${names.join(', ')}. Run: ${installCommand(missing)}`);
    return { installed: false, missing };
  }
  console.error(`Installing Debian packages for ${purpose}: ${names.join(' ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
  return { installed: true, missing: missingPackages(keys, existsSync) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const purpose = process.argv[process.argv.indexOf('--for') + 1];
  if (purpose !== 'demo' && purpose !== 'test') {
    console.error('usage: tsx scripts/ensure-system-packages.ts --for demo|test');
    process.exit(2);
  }
  const { missing } = ensureSystemPackages(purpose);
  // The demo cannot run without its browser; tests skip what they cannot run, each with its reason.
  if (missing.length > 0 && purpose === 'demo') process.exit(1);
}

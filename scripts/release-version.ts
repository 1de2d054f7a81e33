/**
 * The pure parts of `npm run release`: the next version, the files that carry it, and the changelog's
 * "Unreleased" section becoming the release's. Browsers take 1 to 4 dot-separated numbers, no pre-release tags.
 */

export type Bump = 'major' | 'minor' | 'patch';

export function nextVersion(current: string, bump: string): string {
  if (/^\d+\.\d+\.\d+$/.test(bump)) {
    if (compareVersions(bump, current) <= 0) throw new Error(`${bump} is not after the current version ${current}.`);
    return bump;
  }
  const parts = current.split('.').map(Number);
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part)))
    throw new Error(`The current version "${current}" is not major.minor.patch.`);
  const [major = 0, minor = 0, patch = 0] = parts;
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  if (bump === 'patch') return `${major}.${minor}.${patch + 1}`;
  throw new Error(`Say how to bump: major, minor, patch or a version such as 1.2.3 (got "${bump}").`);
}

export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

/**
 * A JSON file with its top-level "version" (and package-lock's root package's) set, every other byte kept: the
 * diff of a release commit is those lines, and manifest.json keeps its hand-made layout.
 */
export function withVersion(text: string, version: string): string {
  const next = text
    .replace(/("version"\s*:\s*")[^"]*(")/, `$1${version}$2`)
    .replace(/("packages"\s*:\s*\{\s*""\s*:\s*\{[^{}]*?"version"\s*:\s*")[^"]*(")/, `$1${version}$2`);
  // Checked, not assumed: the first "version" must have been the top-level one.
  const data = JSON.parse(next) as { version?: unknown; packages?: Record<string, { version?: unknown }> };
  const root = data.packages?.[''];
  if (data.version !== version || (root && root.version !== version))
    throw new Error('The top-level "version" field was not where it was expected.');
  return next;
}

/** Renames "## Unreleased" to the release's heading and opens a new empty "## Unreleased" above it. */
export function changelogForRelease(text: string, version: string, date: string): string {
  const heading = /^## Unreleased[^\n]*\n/m;
  const match = heading.exec(text);
  if (!match) throw new Error('CHANGELOG.md has no "## Unreleased" section to release.');
  const after = text.slice(match.index + match[0].length);
  const body = after.slice(0, after.search(/^## /m) === -1 ? after.length : after.search(/^## /m));
  if (!/\S/.test(body))
    throw new Error('CHANGELOG.md\'s "## Unreleased" section is empty: say what this release changes.');
  if (new RegExp(`^## ${version.replace(/\./g, '\\.')}\\b`, 'm').test(text))
    throw new Error(`CHANGELOG.md already has a section for ${version}.`);
  return `${text.slice(0, match.index)}## Unreleased\n\n## ${version} — ${date}\n${after}`;
}

/** The store's copy of a Chrome manifest: the Chrome Web Store refuses an upload whose manifest has `key`. */
export function withoutKey(manifestText: string): string {
  const { key: _key, ...rest } = JSON.parse(manifestText) as Record<string, unknown>;
  return `${JSON.stringify(rest, null, 2)}\n`;
}

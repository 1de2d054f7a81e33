/**
 * S3 bucket naming rules (general purpose buckets), checked before any call so the user sees every problem
 * at once instead of one terse server error.
 */

export interface BucketNameCheck {
  ok: boolean;
  /** Each broken rule, as a sentence a user can act on. */
  problems: string[];
  /**
   * Dotted names only work with path-style addressing: with virtual-host addressing the bucket becomes part
   * of the TLS host name (`my.bucket.cellar-host`), which the storage's wildcard certificate does not cover.
   */
  needsPathStyle: boolean;
}

export function checkBucketName(name: string): BucketNameCheck {
  const problems: string[] = [];
  if (name.length < 3 || name.length > 63) problems.push('Use between 3 and 63 characters.');
  if (/[^a-z0-9.-]/.test(name)) {
    problems.push(
      /[A-Z]/.test(name)
        ? 'Use lowercase letters only.'
        : 'Use only lowercase letters, digits, dots (.) and hyphens (-).',
    );
  }
  if (name.length > 0 && (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name))) {
    problems.push('Start and end with a letter or a digit.');
  }
  if (name.includes('..')) problems.push('Do not put two dots in a row.');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name)) problems.push('Do not use an IP address as a name.');
  if (/\.-|-\./.test(name)) problems.push('Do not put a dot next to a hyphen.');
  if (name.startsWith('xn--')) problems.push('Do not start with “xn--” (reserved).');
  if (name.endsWith('-s3alias') || name.endsWith('--ol-s3')) problems.push('Do not end with a reserved suffix.');
  return { ok: problems.length === 0, problems, needsPathStyle: name.includes('.') };
}

import { describe, expect, it } from 'vitest';
import { checkBucketName } from '../../../../src/core/sftp/bucket-name.ts';

describe('checkBucketName', () => {
  it.each([['sftp-files'], ['abc'], ['a'.repeat(63)], ['my.sftp.bucket'], ['2026-backups'], ['files.keyhole.test']])(
    'accepts %s',
    (name) => {
      expect(checkBucketName(name)).toMatchObject({ ok: true, problems: [] });
    },
  );

  it.each([
    ['', 'Use between 3 and 63 characters.'],
    ['ab', 'Use between 3 and 63 characters.'],
    ['a'.repeat(64), 'Use between 3 and 63 characters.'],
    ['My-Bucket', 'Use lowercase letters only.'],
    ['my_bucket', 'Use only lowercase letters, digits, dots (.) and hyphens (-).'],
    ['my bucket', 'Use only lowercase letters, digits, dots (.) and hyphens (-).'],
    ['-bucket', 'Start and end with a letter or a digit.'],
    ['bucket-', 'Start and end with a letter or a digit.'],
    ['.bucket', 'Start and end with a letter or a digit.'],
    ['my..bucket', 'Do not put two dots in a row.'],
    ['192.168.5.4', 'Do not use an IP address as a name.'],
    ['my.-bucket', 'Do not put a dot next to a hyphen.'],
    ['xn--bucket', 'Do not start with “xn--” (reserved).'],
    ['bucket-s3alias', 'Do not end with a reserved suffix.'],
  ])('refuses %j: %s', (name, problem) => {
    const check = checkBucketName(name);
    expect(check.ok).toBe(false);
    expect(check.problems).toContain(problem);
  });

  it('lists every broken rule at once', () => {
    expect(checkBucketName('-A..').problems).toEqual([
      'Use lowercase letters only.',
      'Start and end with a letter or a digit.',
      'Do not put two dots in a row.',
    ]);
  });

  it('says when a name needs path-style addressing', () => {
    expect(checkBucketName('my.bucket').needsPathStyle).toBe(true);
    expect(checkBucketName('my-bucket').needsPathStyle).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseBucketList, parseS3Error } from '../../../../src/core/sftp/s3-xml.ts';

describe('parseBucketList', () => {
  it('reads bucket names of a ListAllMyBucketsResult, sorted', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Owner><ID>123</ID><DisplayName>owner</DisplayName></Owner>
  <Buckets>
    <Bucket><Name>zeta</Name><CreationDate>2026-01-01T00:00:00.000Z</CreationDate></Bucket>
    <Bucket><Name>files.example.test</Name><CreationDate>2026-01-02T00:00:00.000Z</CreationDate></Bucket>
    <Bucket><Name>a&amp;b</Name></Bucket>
  </Buckets>
</ListAllMyBucketsResult>`;
    expect(parseBucketList(xml)).toEqual(['a&b', 'files.example.test', 'zeta']);
  });

  it('returns an empty list when there is no bucket', () => {
    expect(parseBucketList('<ListAllMyBucketsResult><Buckets/></ListAllMyBucketsResult>')).toEqual([]);
  });

  it('refuses something that is not a bucket list', () => {
    expect(() => parseBucketList('<html>login</html>')).toThrow(/other than a bucket list/);
  });
});

describe('parseS3Error', () => {
  it('reads code and message', () => {
    expect(
      parseS3Error(
        '<?xml version="1.0"?><Error><Code>BucketAlreadyExists</Code><Message>The requested bucket name is not available.</Message><Resource>/x</Resource></Error>',
      ),
    ).toEqual({ code: 'BucketAlreadyExists', message: 'The requested bucket name is not available.' });
  });

  it('returns null for anything else', () => {
    expect(parseS3Error('')).toBeNull();
    expect(parseS3Error('<ListAllMyBucketsResult/>')).toBeNull();
  });
});

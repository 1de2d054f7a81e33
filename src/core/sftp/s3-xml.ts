/**
 * The few S3 XML answers the kit reads: ListAllMyBucketsResult and Error. A small tolerant reader instead
 * of a DOM parser keeps this in src/core (no DOM) and testable in Node.
 */

export interface S3ErrorInfo {
  code: string;
  message: string;
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
  });
}

/** The text of every `<tag>` directly inside each `<parent>` element, in document order. */
function childTexts(xml: string, parent: string, tag: string): string[] {
  const values: string[] = [];
  const parentPattern = new RegExp(`<(?:\\w+:)?${parent}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${parent}>`, 'g');
  const tagPattern = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`);
  for (const match of xml.matchAll(parentPattern)) {
    const inner = tagPattern.exec(match[1]!);
    if (inner) values.push(decodeEntities(inner[1]!.trim()));
  }
  return values;
}

/** Bucket names of a ListBuckets answer, sorted. */
export function parseBucketList(xml: string): string[] {
  if (!/<(?:\w+:)?ListAllMyBucketsResult[\s>]/.test(xml)) {
    throw new Error('The storage answered something other than a bucket list.');
  }
  return childTexts(xml, 'Bucket', 'Name').sort();
}

/** `<Error><Code>…</Code><Message>…</Message></Error>`, or null when the body is not an S3 error. */
export function parseS3Error(xml: string): S3ErrorInfo | null {
  const code = childTexts(xml, 'Error', 'Code')[0];
  if (!code) return null;
  return { code, message: childTexts(xml, 'Error', 'Message')[0] ?? '' };
}

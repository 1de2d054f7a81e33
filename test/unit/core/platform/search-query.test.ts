import { describe, expect, it } from 'vitest';
import { wordsOf } from '../../../../src/core/platform/search.ts';
import {
  foldWord,
  isStreamPath,
  normaliseText,
  partsOf,
  readQuery,
  singular,
} from '../../../../src/core/platform/search-query.ts';

const read = (query: string) => readQuery(query.split(/\s+/), wordsOf);

describe('words folded to one form', () => {
  it('takes the singular of the platform plurals', () => {
    expect(['dependencies', 'applications', 'addresses', 'status', 'keys', 'env'].map(singular)).toEqual([
      'dependency',
      'application',
      'address',
      'status',
      'key',
      'env',
    ]);
  });

  it('folds abbreviations, American spellings and synonyms onto the words the catalog uses', () => {
    expect(
      ['org', 'organizations', 'apps', 'vars', 'regions', 'vhosts', 'favorite', 'resources'].map(foldWord),
    ).toEqual(['organisation', 'organisation', 'application', 'env', 'zone', 'domain', 'favourite', 'addon']);
  });

  it('joins add-ons and e-mails, and splits compound path segments', () => {
    expect(wordsOf(normaliseText("An organisation's add-ons and e-mails"))).toContain('addon');
    expect(wordsOf(normaliseText('e-mail'))).toEqual(['email']);
    expect(partsOf('addonproviders')).toEqual(['addonproviders', 'addon', 'providers']);
    expect(partsOf('applications')).toEqual(['applications']);
  });
});

describe('reading a query', () => {
  it('drops stop words and reads verbs as methods, not as required words', () => {
    const reading = read('list the applications of an organisation');
    expect(reading.terms).toEqual(['application', 'organisation']);
    expect(reading.verbs).toEqual(['list']);
    expect([...reading.methods]).toEqual(['GET']);
    expect(reading.wantsList).toBe(true);
  });

  it('takes the noun before "of" as the head: plural asks for the collection, "get" + singular for one item', () => {
    expect(read('invoices of an organisation').wantsList).toBe(true);
    expect(read('get org')).toMatchObject({ wantsItem: true, wantsList: false });
    expect(read('organisation')).toMatchObject({ wantsItem: false, wantsList: false });
  });

  it('reads "my" as the personal space, except in "my organisation"', () => {
    expect(read('my ssh keys').wantsSelf).toBe(true);
    expect(read('consumers of my organisation').wantsSelf).toBe(false);
  });

  it('keeps action words as required words with their method, and live/tail as a wish for a stream', () => {
    expect(read('stop app')).toMatchObject({ terms: ['stop', 'application'], methods: new Set(['DELETE']) });
    expect(read('tail logs')).toMatchObject({ terms: ['log'], wantsStream: true });
    expect(read('add ssh key').methods).toEqual(new Set(['POST', 'PUT']));
  });

  it('keeps each word as typed beside its folded form, for typos folding would spoil', () => {
    expect(read('invocies')).toMatchObject({ terms: ['invocy'], typed: ['invocies'] });
  });
});

describe('live transports', () => {
  it('recognises socket, SSE, chunked and stream paths', () => {
    expect(isStreamPath('/v2/logs/logs-socket/{applicationId}')).toBe(true);
    expect(isStreamPath('/v2/logs/{applicationId}/sse')).toBe(true);
    expect(isStreamPath('/v2/events/event-socket')).toBe(true);
    expect(isStreamPath('/v4/logs/organisations/{organisationId}/applications/{applicationId}/logs')).toBe(false);
  });
});

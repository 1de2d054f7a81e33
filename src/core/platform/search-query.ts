/**
 * Reads a catalog query the way people phrase it ("list applications of an organisation", "delete env var",
 * "my ssh keys"): stop words dropped, verbs read as the HTTP methods they ask for, words folded to one form
 * (plural → singular, org → organisation, app → application, add-ons → addon) so the index and the query meet,
 * and a few words that say which kind of endpoint is wanted (mine rather than an organisation's, a live stream).
 * Pure and small: search.ts scores with what this returns.
 */

/** Words that carry no meaning in a search for an endpoint. */
const STOP_WORDS = new Set(
  (
    'a an the of for to in on at by with from and or into via about some any all each every this that these ' +
    'those is are be it its i we us our your their please available which what how can do does'
  ).split(' '),
);

/** Verbs that say which method is meant; they are not required to appear in the endpoint's text. */
const METHOD_VERBS = new Map<string, readonly string[]>(
  Object.entries({
    list: ['GET'],
    get: ['GET'],
    read: ['GET'],
    show: ['GET'],
    fetch: ['GET'],
    view: ['GET'],
    see: ['GET'],
    find: ['GET'],
    display: ['GET'],
    download: ['GET'],
    retrieve: ['GET'],
    create: ['POST'],
    new: ['POST'],
    make: ['POST'],
    post: ['POST'],
    generate: ['POST'],
    register: ['POST'],
    add: ['POST', 'PUT'],
    enable: ['POST', 'PUT'],
    update: ['PUT', 'PATCH'],
    set: ['PUT'],
    change: ['PUT', 'PATCH'],
    edit: ['PUT', 'PATCH'],
    rename: ['PUT', 'PATCH'],
    replace: ['PUT'],
    modify: ['PUT', 'PATCH'],
    configure: ['PUT'],
    put: ['PUT'],
    patch: ['PATCH'],
    delete: ['DELETE'],
    remove: ['DELETE'],
    revoke: ['DELETE'],
    unlink: ['DELETE'],
    drop: ['DELETE'],
    destroy: ['DELETE'],
    unset: ['DELETE'],
    erase: ['DELETE'],
  }),
);

/** Verbs that are also what the endpoint's own words say ("Stop all instances"): required, and a method hint. */
const ACTION_WORDS = new Map<string, readonly string[]>(
  Object.entries({
    stop: ['DELETE'],
    cancel: ['DELETE'],
    restart: ['POST'],
    start: ['POST'],
    invite: ['POST'],
  }),
);

/** One spelling per meaning, applied to the index and the query alike (after singular forms). */
const CANONICAL = new Map<string, string>(
  Object.entries({
    org: 'organisation',
    orga: 'organisation',
    organization: 'organisation',
    company: 'organisation',
    app: 'application',
    db: 'addon',
    database: 'addon',
    var: 'env',
    variable: 'env',
    environment: 'env',
    vhost: 'domain',
    hostname: 'domain',
    favorite: 'favourite',
    primary: 'favourite',
    region: 'zone',
    datacenter: 'zone',
    flavour: 'flavor',
    redirection: 'redir',
    redirect: 'redir',
    bill: 'invoice',
    billing: 'invoice',
    hook: 'webhook',
    mail: 'email',
    emailhook: 'email',
    '2fa': 'mfa',
    totp: 'mfa',
    usage: 'consumption',
    deploy: 'deployment',
    everything: 'summary',
    websocket: 'socket',
    sse: 'stream',
    // The v4 APIs call add-ons "resources" (`/resources/{addonRealId}`).
    resource: 'addon',
    linked: 'link',
  }),
);

/** Words that ask for a live transport (a socket, an SSE stream, a chunked body) rather than a plain read. */
const STREAM_WORDS = new Set(['socket', 'stream', 'chunked']);
/** The same wish said as a modifier: not a word the endpoint must contain. */
const STREAM_MODIFIERS = new Set(['live', 'realtime', 'tail', 'follow', 'watch']);

/** Path segments that are two words run together, split so each word can be found. */
const COMPOUNDS = new Map<string, readonly string[]>(
  Object.entries({
    addonproviders: ['addon', 'providers'],
    buildflavor: ['build', 'flavor'],
    networkgroups: ['network', 'groups'],
    emailhooks: ['email', 'hooks'],
    accesslogs: ['access', 'logs'],
    webhookformats: ['webhook', 'formats'],
    logscollector: ['logs', 'collector'],
    monthlyinvoice: ['monthly', 'invoice'],
    maxcredit: ['max', 'credit'],
    countrycodes: ['country', 'codes'],
    backupcodes: ['backup', 'codes'],
    newintent: ['new', 'intent'],
    fullprice: ['full', 'price'],
  }),
);

/** A word and, for a compound, its parts. */
export function partsOf(word: string): readonly string[] {
  const parts = COMPOUNDS.get(word);
  return parts ? [word, ...parts] : [word];
}

/** Prepositions after which a noun qualifies the one before ("applications of an organisation"). */
const QUALIFIERS = new Set(['of', 'for', 'in', 'on', 'from', 'to', 'by']);

/** Words saying "mine" rather than an organisation's. */
const SELF_WORDS = new Set(['my', 'me', 'mine', 'self', 'personal', 'own']);

/** Joins what people write as two words or with a hyphen before the text is split into words. */
export function normaliseText(text: string): string {
  if (!/add|mail|two|web/i.test(text)) return text;
  return text
    .replace(/\badd-?ons?\b/gi, 'addon')
    .replace(/\be-mails?\b/gi, 'email')
    .replace(/\btwo-factor\b/gi, 'mfa')
    .replace(/\bweb hooks?\b/gi, 'webhook');
}

/** The singular of an English plural, well enough for the platform's nouns ("dependencies", "addresses"). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The form a word is indexed and searched under. */
export function foldWord(word: string): string {
  const one = singular(word);
  return CANONICAL.get(one) ?? CANONICAL.get(word) ?? one;
}

export interface QueryReading {
  /** Content words, folded; an entry is expected to contain each of them. */
  terms: string[];
  /** Each content word as typed (lower-cased), for typos that folding would spoil ("invocies"). */
  typed: string[];
  /** Verbs, folded: they add to an entry's score when its text has them, never required. */
  verbs: string[];
  /** Methods the verbs ask for; empty when the query names none. */
  methods: Set<string>;
  /** "list …", or the last noun in the plural: the collection rather than one item. */
  wantsList: boolean;
  /** "get app", "show organisation": one item rather than the collection (for reads). */
  wantsItem: boolean;
  /** "my …": the user's own space (/v2/self) rather than an organisation's. */
  wantsSelf: boolean;
  /** A live transport is asked for (socket, stream, live, tail). */
  wantsStream: boolean;
}

/** Reads the words of a query (the path word, if any, is taken out before). */
export function readQuery(rawWords: readonly string[], wordsOf: (text: string) => string[]): QueryReading {
  const reading: QueryReading = {
    terms: [],
    typed: [],
    verbs: [],
    methods: new Set(),
    wantsList: false,
    wantsItem: false,
    wantsSelf: false,
    wantsStream: false,
  };
  const words = rawWords.flatMap((word) => wordsOf(normaliseText(word)));
  // The head noun says collection or item: the last noun before "of"/"for"…, else the last noun.
  let headPlural: boolean | undefined;
  let headFixed = false;
  words.forEach((word, at) => {
    if (QUALIFIERS.has(word) && headPlural !== undefined) headFixed = true;
    if (SELF_WORDS.has(word)) {
      // "my organisation" is an organisation, not the personal space.
      const next = words[at + 1];
      if (!next || foldWord(next) !== 'organisation') reading.wantsSelf = true;
      return;
    }
    if (STOP_WORDS.has(word) || word.length < 2) return;
    const methods = METHOD_VERBS.get(word);
    if (methods) {
      for (const method of methods) reading.methods.add(method);
      if (word === 'list') reading.wantsList = true;
      reading.verbs.push(word);
      return;
    }
    if (STREAM_MODIFIERS.has(word)) {
      reading.wantsStream = true;
      return;
    }
    for (const method of ACTION_WORDS.get(word) ?? []) reading.methods.add(method);
    const folded = foldWord(word);
    if (STREAM_WORDS.has(folded)) reading.wantsStream = true;
    if (!headFixed) headPlural = singular(word) !== word;
    reading.terms.push(folded);
    reading.typed.push(word);
  });
  // The number of the head noun says collection or item ("get application" vs "applications"), for reads.
  if (headPlural === true) reading.wantsList = true;
  else if (headPlural === false && !reading.wantsList && reading.verbs.length > 0) reading.wantsItem = true;
  return reading;
}

/** Paths of live transports, which a plain read should not find first. */
export function isStreamPath(path: string): boolean {
  return /(^|\/)(logs-socket|logs-chunked|sse|event-socket|stream)(\/|$)/.test(path);
}

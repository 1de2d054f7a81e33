import { buildFetch } from './fetch-snippet.ts';
import { buildHttpie } from './httpie.ts';
import { buildNodeClient } from './node-client.ts';
import { buildPython } from './python-requests.ts';
import type { SnippetRequest } from './snippet-request.ts';
import type { Snippet } from './snippet-variables.ts';
import { variableComments } from './variable-sources.ts';

/** The languages a request is exported to beside curl and `clever curl` (which have their own builders). */
export const SNIPPET_LANGUAGES = {
  httpie: { label: 'HTTPie', build: buildHttpie, comment: '#' },
  fetch: { label: 'JavaScript fetch', build: buildFetch, comment: '//' },
  node: { label: 'Node (@clevercloud/client)', build: buildNodeClient, comment: '//' },
  python: { label: 'Python (requests-oauthlib)', build: buildPython, comment: '#' },
} as const satisfies Record<
  string,
  { label: string; build: (request: SnippetRequest) => Snippet; comment: '#' | '//' }
>;

export type SnippetLanguage = keyof typeof SNIPPET_LANGUAGES;

/** The snippet, opening with where to get each variable it reads (it may be pasted far from Keyhole). */
export function buildSnippet(language: SnippetLanguage, request: SnippetRequest): Snippet {
  const { build, comment } = SNIPPET_LANGUAGES[language];
  const snippet = build(request);
  return { ...snippet, code: [...variableComments(snippet.variables, comment), snippet.code].join('\n') };
}

export { buildCurlSnippet } from './curl-snippet.ts';
export {
  describeSnippetRequest,
  type SnippetContext,
  type SnippetCredentials,
  type SnippetRequest,
} from './snippet-request.ts';
export { SNIPPET_VARIABLES, type Snippet } from './snippet-variables.ts';

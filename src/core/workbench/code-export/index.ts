import { buildFetch } from './fetch-snippet.ts';
import { buildHttpie } from './httpie.ts';
import { buildNodeClient } from './node-client.ts';
import { buildPython } from './python-requests.ts';
import type { SnippetRequest } from './snippet-request.ts';
import type { Snippet } from './snippet-variables.ts';

/** The languages a request is exported to beside curl and `clever curl` (which have their own builders). */
export const SNIPPET_LANGUAGES = {
  httpie: { label: 'HTTPie', build: buildHttpie },
  fetch: { label: 'JavaScript fetch', build: buildFetch },
  node: { label: 'Node (@clevercloud/client)', build: buildNodeClient },
  python: { label: 'Python (requests-oauthlib)', build: buildPython },
} as const satisfies Record<string, { label: string; build: (request: SnippetRequest) => Snippet }>;

export type SnippetLanguage = keyof typeof SNIPPET_LANGUAGES;

export function buildSnippet(language: SnippetLanguage, request: SnippetRequest): Snippet {
  return SNIPPET_LANGUAGES[language].build(request);
}

export { describeSnippetRequest, type SnippetContext, type SnippetRequest } from './snippet-request.ts';
export { SNIPPET_VARIABLES, type Snippet } from './snippet-variables.ts';

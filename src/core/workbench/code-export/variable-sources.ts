import { CURL_VARIABLES } from '../curl-credentials.ts';
import { SNIPPET_VARIABLES } from './snippet-variables.ts';

/**
 * Where a user gets each credential variable a snippet, a copied command or the Node runner reads: one list, so
 * the code dialog's hints and `keyhole-run`'s messages say the same thing. The API token is the one anybody can
 * get in a minute (Keyhole's Tokens view), so it comes first; an access token pair is only had from an OAuth
 * sign-in of one's own (Keyhole never shows its own).
 */
export const VARIABLE_SOURCES: Readonly<Record<string, string>> = {
  [CURL_VARIABLES.apiToken]:
    'an API token: in Keyhole’s DevTools panel open Tokens → Create token and copy the value (shown once), or run `clever tokens create <name>`',
  [SNIPPET_VARIABLES.consumerKey]:
    'the key of an OAuth consumer of yours (the console: your organisation → OAuth consumers → create one; the profile in Keyhole’s Settings shows the key it uses)',
  [CURL_VARIABLES.consumerSecret]:
    'that consumer’s secret, shown with it in the console (Keyhole keeps its own copy in the worker and never shows it)',
  [CURL_VARIABLES.token]:
    'an access token issued to that consumer by an OAuth 1.0a sign-in you run yourself (request token → authorize → access token; Keyhole never shows its own; `clever login` keeps one for the clever-tools consumer)',
  [CURL_VARIABLES.tokenSecret]: 'that access token’s secret, from the same sign-in',
};

/**
 * The code's own first lines: where to get each variable it reads, so a copied snippet still says so when pasted
 * far from Keyhole. Comment lines of the language (`#` for shell and Python, `//` for JavaScript); the texts are
 * Keyhole's own, never a value from the request.
 */
export function variableComments(variables: readonly string[], comment: '#' | '//'): string[] {
  return variables.map((name) => `${comment} ${name}: ${VARIABLE_SOURCES[name] ?? 'a credential of yours'}.`);
}

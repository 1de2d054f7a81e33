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
    'an API token: in Keyhole’s DevTools panel open Tokens → Create token and copy the value (shown once), or run `clever tokens create`',
  [SNIPPET_VARIABLES.consumerKey]: 'your OAuth consumer’s key (the profile in Keyhole’s Settings shows it)',
  [CURL_VARIABLES.consumerSecret]:
    'that consumer’s secret (the console’s OAuth consumers of your organisation; Keyhole keeps its copy in the worker and never shows it)',
  [CURL_VARIABLES.token]:
    'an access token issued to that consumer by an OAuth sign-in of your own (Keyhole never shows its own; `clever login` keeps one for the clever-tools consumer)',
  [CURL_VARIABLES.tokenSecret]: 'that access token’s secret, from the same sign-in',
};

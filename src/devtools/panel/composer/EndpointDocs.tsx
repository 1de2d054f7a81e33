import { useEffect, useState } from 'preact/hooks';
import { type CatalogEntry, describeOrigins } from '../../../core/platform/catalog.ts';
import type { DescribedEndpoint, DescriptionSource } from '../../../core/platform/description-types.ts';
import { officialDocsFor } from '../../../core/platform/official-docs.ts';
import { exampleBodyText } from '../../../core/platform/schema-example.ts';
import { checkRight, type SessionRights } from '../../../core/platform/session-rights.ts';
import { describeParamFacts, docOfParam } from '../../../core/workbench/described-params.ts';
import { SchemaTree } from '../../../ui/SchemaTree.tsx';
import { loadSessionRights } from '../catalog/load-session-rights.ts';
import type { PanelServices } from '../services.ts';

/**
 * The Docs tab: everything the description knows of the endpoint being composed, in one page — what it does, the
 * right it needs (and whether this session holds it), every parameter, the request and response schemas as trees,
 * the example a new body starts from, and where each fact comes from. Loaded on first use.
 */
const RIGHT_WORDS = {
  granted: 'held by this session',
  lacking: 'not held by this session',
  'probably-lacking': 'probably not held by this session',
  unknown: 'unknown whether this session holds it',
} as const;

function RightLine({ entry, rights }: { entry: CatalogEntry; rights: SessionRights | undefined }) {
  if (!entry.rightSource) return <p>Right needed: not known.</p>;
  if (!entry.right) return <p>Right needed: none.</p>;
  const check = checkRight(entry, rights);
  const how =
    entry.rightSource === 'keyhole-curated' ? 'Keyhole’s reading' : `inferred (${entry.endpoint.right?.rule})`;
  return (
    <p>
      Right needed: <span class="kh-mono">{entry.right}</span> ({how}) —{' '}
      <span class={`kh-docs-right kh-docs-right--${check}`}>
        {rights ? RIGHT_WORDS[check] : 'reading this session’s rights…'}
      </span>
      {rights?.state === 'unknown' ? <span class="kh-muted"> ({rights.reason})</span> : null}
    </p>
  );
}

function Params({ endpoint }: { endpoint: DescribedEndpoint }) {
  if (endpoint.params.length === 0) return <p class="kh-muted">No parameters.</p>;
  return (
    <table class="kh-kv kh-kv--read kh-docs-params">
      <caption class="kh-visually-hidden">Parameters</caption>
      <tbody>
        {endpoint.params.map((param) => {
          const doc = docOfParam(param);
          return (
            <tr key={`${doc.place} ${doc.name}`}>
              <th scope="row" class="kh-mono">
                {doc.place === 'path' ? `{${doc.name}}` : doc.name}
              </th>
              <td class="kh-muted">{doc.place}</td>
              <td>
                <span class="kh-kv-facts">{describeParamFacts(doc)}</span>
                {doc.description ? ` — ${doc.description}` : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Sources({ endpoint, sources }: { endpoint: DescribedEndpoint; sources: readonly DescriptionSource[] }) {
  return (
    <ul class="kh-docs-sources">
      {endpoint.origins.map((origin) => {
        const source = sources.find((item) => item.id === origin.source);
        return (
          <li key={`${origin.source} ${origin.ref}`}>
            <span class="kh-mono">{origin.ref}</span>
            {source ? (
              <span class="kh-muted">
                {' '}
                — {source.package} {source.version}
                {source.origin ? (
                  <>
                    {' '}
                    (
                    <a href={source.origin} target="_blank" rel="noreferrer">
                      {source.origin}
                    </a>
                    )
                  </>
                ) : null}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The official pages known for the endpoint; none is about this endpoint alone, and the view says so. */
function OfficialDocs({ endpoint }: { endpoint: DescribedEndpoint }) {
  return (
    <>
      <ul class="kh-docs-official">
        {officialDocsFor(endpoint).map((doc) => (
          <li key={doc.url}>
            <a href={doc.url} target="_blank" rel="noopener noreferrer">
              {doc.title}
            </a>
            <span class="kh-muted"> — about {doc.covers}</span>
          </li>
        ))}
      </ul>
      <p class="kh-muted">
        No official page for this endpoint alone is known: the platform’s OpenAPI description links none, nor do the
        official client and CLI.
      </p>
    </>
  );
}

export default function EndpointDocs({
  entry,
  schemas,
  sources,
  services,
}: {
  entry: CatalogEntry;
  schemas: Readonly<Record<string, unknown>>;
  sources: readonly DescriptionSource[];
  services: PanelServices;
}) {
  const endpoint = entry.endpoint;
  const [rights, setRights] = useState<SessionRights | undefined>();
  useEffect(() => {
    let live = true;
    if (entry.right) void loadSessionRights(services.send).then((read) => live && setRights(read));
    return () => {
      live = false;
    };
  }, [entry.id]);
  const responses = Object.entries(endpoint.responses ?? {});
  const body = endpoint.body;
  const example = body ? exampleBodyText(body, schemas) : '';
  return (
    <article class="kh-docs" aria-label={`Docs of ${entry.method} ${entry.pathTemplate}`}>
      <h2 class="kh-docs-title">
        <span class="kh-mono">
          {entry.method} {entry.pathTemplate}
        </span>
      </h2>
      <p>{endpoint.summary}</p>
      <RightLine entry={entry} rights={rights} />
      <h3>Parameters</h3>
      <Params endpoint={endpoint} />
      <h3>Request body</h3>
      {body ? (
        <>
          <p>
            <span class="kh-mono">{body.contentType}</span>
            {body.fields ? <span class="kh-muted"> · the official client sends {body.fields.join(', ')}</span> : null}
          </p>
          {body.schema !== undefined ? (
            <SchemaTree schema={body.schema} schemas={schemas} label="Request body schema" />
          ) : null}
          {example ? (
            <>
              <h4>Example{body.exampleSource ? ` (values from ${body.exampleSource})` : ''}</h4>
              <pre class="kh-mono kh-docs-example">{example}</pre>
            </>
          ) : null}
        </>
      ) : (
        <p class="kh-muted">None.</p>
      )}
      <h3>Responses</h3>
      {responses.length === 0 ? (
        <p class="kh-muted">The description documents no response for this endpoint.</p>
      ) : (
        responses.map(([status, response]) => (
          <section key={status} class="kh-docs-response" aria-label={`Response ${status}`}>
            <h4>
              {status} <span class="kh-muted kh-mono">{response.contentType}</span>
            </h4>
            {response.schema !== undefined ? (
              <SchemaTree schema={response.schema} schemas={schemas} label={`Response ${status} schema`} />
            ) : (
              <p class="kh-muted">No schema.</p>
            )}
          </section>
        ))
      )}
      <h3>Official documentation</h3>
      <OfficialDocs endpoint={endpoint} />
      <h3>Where these facts come from</h3>
      <p class="kh-muted">{describeOrigins(entry)}</p>
      <Sources endpoint={endpoint} sources={sources} />
    </article>
  );
}

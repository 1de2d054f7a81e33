import { useEffect, useId, useMemo, useRef, useState } from 'preact/hooks';
import type { HttpMethod, RequestTarget } from '../../../core/protocol.ts';
import { docsByRow, paramDocs } from '../../../core/workbench/described-params.ts';
import { hasBodyConflict } from '../../../core/workbench/method-body.ts';
import { readPastedUrl } from '../../../core/workbench/pasted-url.ts';
import { listPlaceholders } from '../../../core/workbench/path-template.ts';
import {
  type DraftIssue,
  HTTP_METHODS,
  methodAllowsBody,
  type RequestDraft,
  validateDraft,
} from '../../../core/workbench/request-draft.ts';
import { warnAboutParams, warningsByRow } from '../../../core/workbench/request-warnings.ts';
import { listVariablesIn } from '../../../core/workbench/variables.ts';
import { KeyValueEditor } from '../../../ui/KeyValueEditor.tsx';
import { Lazy } from '../../../ui/Lazy.tsx';
import { Tabs, tabPanelProps } from '../../../ui/Tabs.tsx';
import { VariableInput } from '../../../ui/VariableInput.tsx';
import { ChecksEditor, checksCount } from '../checks/ChecksEditor.tsx';
import type { PanelServices } from '../services.ts';
import { useStore } from '../store.ts';
import { useVariableHints } from '../variables/use-variable-hints.ts';
import type { Workbench } from '../workbench.ts';
import { BodyEditor } from './BodyEditor.tsx';
import { BodyMethodPrompt } from './BodyMethodPrompt.tsx';
import { ComposerTools } from './ComposerTools.tsx';
import type { BodySchema } from './json-editor/schema-sources.ts';
import { PathParams } from './PathParams.tsx';
import { ReplaceConfirm } from './ReplaceConfirm.tsx';
import { RequestWarnings } from './RequestWarnings.tsx';
import { SigningOptions } from './SigningOptions.tsx';
import { useBodySchemaProblems } from './use-body-schema-problems.ts';
import { type DescriptionState, useDescribedEndpoint } from './use-described-endpoint.ts';
import { type ComposerTab, usePartTab } from './use-part-tab.ts';
import './composer-described.css';

/**
 * The request composer: method, target, path with {placeholders}, query, headers, body and signing options.
 * Problems show beside their field as the user types (path problems once the field is left, missing
 * placeholders after a first Send); an invalid draft is never sent. Ctrl/Cmd+Enter sends, Escape cancels
 * (wired by the panel).
 */

const HEADER_SUGGESTIONS = ['Accept', 'Accept-Language', 'Content-Type', 'If-Match', 'If-None-Match', 'X-Request-Id'];

const loadDocs = () => import('./EndpointDocs.tsx');

function issueMap(issues: readonly DraftIssue[], field: DraftIssue['field']): Map<number, string> {
  const map = new Map<number, string>();
  for (const issue of issues)
    if (issue.field === field && issue.row !== undefined && !map.has(issue.row)) map.set(issue.row, issue.message);
  return map;
}

function tabOfIssue(issue: DraftIssue): ComposerTab | undefined {
  if (issue.field === 'query') return 'query';
  if (issue.field === 'headers') return 'headers';
  if (issue.field === 'body' || issue.field === 'form') return 'body';
  return undefined;
}

const UNDESCRIBED: Record<DescriptionState, string> = {
  loading: 'Loading the API description…',
  loaded: 'The API description does not know this method and path.',
  missing: 'The API description could not be loaded: reload the panel to see the docs.',
};

export function Composer({
  workbench,
  services,
  requestLineOnly = false,
}: {
  workbench: Workbench;
  services: PanelServices;
  /** The panel's first frame: the request line alone, its parts a frame later (layout/use-first-frame-drawn.ts). */
  requestLineOnly?: boolean;
}) {
  const draft = useStore(workbench.draft);
  const run = useStore(workbench.run);
  const attempted = useStore(workbench.attempted);
  const focusIssue = useStore(workbench.focusIssue);
  const notices = useStore(workbench.notices);
  const session = useStore(workbench.session);
  const [tab, setTab] = usePartTab(workbench.tabs);
  // The request parts (the selected tab's panel) fold away, giving a short panel's height to the response.
  const [partsOpen, setPartsOpen] = useState(true);
  const [pathTouched, setPathTouched] = useState(false);
  const idBase = useId();
  const form = useRef<HTMLFormElement>(null);
  const previousMethod = useRef<HttpMethod>('POST');

  const check = useMemo(() => validateDraft(draft), [draft]);
  const { described, description } = useDescribedEndpoint(draft);
  const endpoint = described?.entry.endpoint;
  const queryDocs = useMemo(() => paramDocs(endpoint, 'query'), [endpoint]);
  const headerDocs = useMemo(() => paramDocs(endpoint, 'header'), [endpoint]);
  // Warnings from the description never stop Send: the description may be behind the platform.
  const warnings = useMemo(() => warnAboutParams(draft, endpoint), [draft, endpoint]);
  const bodySchema = useMemo<BodySchema | undefined>(
    () =>
      described && endpoint?.body?.schema !== undefined
        ? { schema: endpoint.body.schema, schemas: described.schemas }
        : undefined,
    [described],
  );
  const bodyProblems = useBodySchemaProblems(draft, bodySchema);
  const variableHints = useVariableHints(workbench, draft);
  const typedIssues = check.ok ? [] : check.issues;
  // Send checks the request with its variables filled: a JSON body that parses only then ({"count": {n}} with n
  // set) is not flagged here either (its field and the Body tab said "!" while Send went through).
  const bodyValidOnceFilled = useMemo(() => {
    if (draft.bodyMode !== 'json' || !typedIssues.some((issue) => issue.field === 'body')) return false;
    if (listVariablesIn(draft.json).length === 0) return false;
    return !workbench.issues().some((issue) => issue.field === 'body');
  }, [draft, variableHints.rows.values]);
  const allIssues = bodyValidOnceFilled ? typedIssues.filter((issue) => issue.field !== 'body') : typedIssues;
  const shown = allIssues.filter((issue) => {
    if (attempted) return true;
    if (issue.field === 'param') return false;
    if (issue.field === 'path') return pathTouched;
    return true;
  });
  const pathIssue = shown.find((issue) => issue.field === 'path' || issue.field === 'method');
  const sending = run.phase === 'sending';
  const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;

  const edit = (patch: Partial<RequestDraft>) => workbench.edit((current) => ({ ...current, ...patch }));

  // After a refused Send: open the tab with the first problem and focus its field.
  useEffect(() => {
    if (focusIssue === 0) return;
    const first = allIssues[0];
    if (!first) return;
    const target = tabOfIssue(first);
    if (target) setTab(target);
    setPartsOpen(true);
    requestAnimationFrame(() => {
      const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.focus();
    });
  }, [focusIssue]);

  /**
   * A pasted URL or a path with ?query is split into target, path and query rows; the query replaces the rows
   * there were, and a retargeted URL (another host) or a replaced query is said in the notices.
   */
  const absorbPath = (value: string) => {
    const pasted = readPastedUrl(value, draft, profile);
    if (!pasted) return false;
    workbench.edit((current) => ({
      ...current,
      target: pasted.target,
      path: pasted.path,
      query: pasted.query ?? current.query,
    }));
    if (pasted.notices.length > 0) workbench.notices.set(pasted.notices);
    if (pasted.query && pasted.query.length > 0) setTab('query');
    return true;
  };

  const placeholders = listPlaceholders(draft.path);
  const queryCount = draft.query.filter((row) => row.enabled && row.name).length;
  const headerCount = draft.headers.filter((row) => row.enabled && row.name).length;
  const bodyLabel =
    draft.bodyMode === 'none' ? 'none' : draft.bodyMode === 'form' ? 'form' : draft.bodyMode.toUpperCase();
  const tabIssues = (name: ComposerTab) => shown.some((issue) => tabOfIssue(issue) === name);

  return (
    <form
      ref={form}
      class="kh-composer"
      aria-label="Request composer"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void workbench.send();
      }}
    >
      {notices.length > 0 ? (
        <div class="kh-banner kh-banner--warn kh-notices" role="status">
          <ul>
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
          <button type="button" class="kh-button kh-button--small" onClick={() => workbench.notices.set([])}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div class="kh-request-line">
        <select
          class="kh-input kh-select-method"
          aria-label="Method"
          value={draft.method}
          aria-invalid={shown.some((issue) => issue.field === 'method') ? 'true' : undefined}
          onChange={(event) => {
            previousMethod.current = draft.method;
            edit({ method: (event.currentTarget as HTMLSelectElement).value as HttpMethod });
          }}
        >
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <select
          class="kh-input kh-select-target"
          aria-label="Target"
          value={draft.target}
          onChange={(event) => edit({ target: (event.currentTarget as HTMLSelectElement).value as RequestTarget })}
        >
          <option value="api">API</option>
          <option value="bridge">Bridge</option>
        </select>
        <VariableInput
          hints={variableHints.path}
          fieldClass="kh-path"
          class="kh-input kh-mono"
          aria-label="Path"
          placeholder="/v2/self"
          value={draft.path}
          spellcheck={false}
          autoComplete="off"
          aria-invalid={pathIssue ? 'true' : undefined}
          aria-describedby={pathIssue ? `${idBase}-path-problem` : `${idBase}-path-hint`}
          onValue={(value) => {
            if (/^https?:\/\//i.test(value) && absorbPath(value)) return;
            edit({ path: value });
          }}
          onBlur={(event) => {
            setPathTouched(true);
            absorbPath((event.currentTarget as HTMLInputElement).value);
          }}
        />
        {sending ? (
          <button type="button" class="kh-button kh-button--danger" onClick={() => void workbench.cancel()}>
            Cancel
          </button>
        ) : (
          <button type="submit" class="kh-button kh-button--primary" title="Send (Ctrl+Enter)">
            Send
          </button>
        )}
      </div>
      {requestLineOnly ? null : (
        <>
          <BodyMethodPrompt
            draft={draft}
            previous={methodAllowsBody(previousMethod.current) ? previousMethod.current : 'POST'}
            onChange={(next) => workbench.edit(() => next)}
          />
          {pathIssue ? (
            <div class="kh-field-error" id={`${idBase}-path-problem`}>
              {pathIssue.message}
            </div>
          ) : (
            <div class="kh-hint kh-muted" id={`${idBase}-path-hint`}>
              {draft.target === 'bridge'
                ? `Bridge: ${profile?.bridgeUrl ?? 'the profile’s bridge'}`
                : `API: ${profile?.apiBaseUrl ?? 'the profile’s API'}`}{' '}
              · write <span class="kh-mono">{'{name}'}</span> for a value to fill · Ctrl+Enter sends
            </div>
          )}
          <RequestWarnings warnings={warnings} bodyProblems={bodyProblems} />
          {placeholders.length > 0 ? (
            <PathParams
              template={draft.path}
              names={placeholders}
              values={draft.params}
              issues={shown.filter((issue) => issue.field === 'param')}
              docs={paramDocs(endpoint, 'path')}
              warnings={warnings}
              summary={workbench.summary}
              fromContext={workbench.contextFilled}
              pickers={workbench.pickers}
              onRetry={() => void workbench.loadSummary(true)}
              onChange={(name, value) =>
                workbench.edit((current) => ({ ...current, params: { ...current.params, [name]: value } }))
              }
            />
          ) : null}
          <div class="kh-composer-tabs">
            <button
              type="button"
              class="kh-icon-button kh-parts-toggle"
              aria-expanded={partsOpen}
              aria-controls={`${idBase}-panel-${tab}`}
              aria-label={partsOpen ? 'Fold the request parts' : 'Unfold the request parts'}
              title={partsOpen ? 'Fold the request parts' : 'Unfold the request parts'}
              onClick={() => setPartsOpen(!partsOpen)}
            >
              <span aria-hidden="true">{partsOpen ? '▾' : '▸'}</span>
            </button>
            <Tabs
              idBase={idBase}
              label="Request parts"
              selected={tab}
              onSelect={(id) => {
                setTab(id as ComposerTab);
                setPartsOpen(true);
              }}
              tabs={[
                { id: 'query', label: 'Query', badge: tabIssues('query') ? '!' : queryCount || undefined },
                { id: 'headers', label: 'Headers', badge: tabIssues('headers') ? '!' : headerCount || undefined },
                { id: 'body', label: 'Body', badge: tabIssues('body') ? '!' : bodyLabel },
                {
                  id: 'signing',
                  label: 'Signing',
                  badge: draft.target === 'api' ? draft.signatureMethod || undefined : undefined,
                },
                { id: 'tests', label: 'Tests', badge: checksCount(draft) || undefined },
                // Always there: a tab that came with the description (or a described path) moved the line under it.
                { id: 'docs', label: 'Docs' },
              ]}
            />
            <ComposerTools workbench={workbench} services={services} />
          </div>
          <div {...tabPanelProps(idBase, tab)} class="kh-composer-panel" data-part={tab} hidden={!partsOpen}>
            {tab === 'query' ? (
              <KeyValueEditor
                label="Query parameters"
                rows={draft.query}
                issues={issueMap(shown, 'query')}
                docs={docsByRow(queryDocs, draft.query)}
                warnings={warningsByRow(warnings, 'query')}
                variables={variableHints.rows}
                onChange={(query) => edit({ query })}
              />
            ) : null}
            {tab === 'headers' ? (
              <KeyValueEditor
                label="Headers"
                rows={draft.headers}
                issues={issueMap(shown, 'headers')}
                docs={docsByRow(headerDocs, draft.headers)}
                warnings={warningsByRow(warnings, 'header')}
                nameSuggestions={HEADER_SUGGESTIONS}
                variables={variableHints.rows}
                onChange={(headers) => edit({ headers })}
              />
            ) : null}
            {tab === 'body' ? (
              <BodyEditor
                draft={draft}
                // A body on a GET is asked about above (BodyMethodPrompt), not repeated here.
                issue={hasBodyConflict(draft) ? undefined : shown.find((issue) => issue.field === 'body')?.message}
                formIssues={issueMap(shown, 'form')}
                onChange={edit}
                schema={bodySchema}
              />
            ) : null}
            {tab === 'signing' ? <SigningOptions draft={draft} session={session} onChange={edit} /> : null}
            {tab === 'tests' ? <ChecksEditor draft={draft} onChange={edit} /> : null}
            {tab === 'docs' && described ? (
              <Lazy
                load={loadDocs}
                props={{ entry: described.entry, schemas: described.schemas, sources: described.sources, services }}
                fallback={<p class="kh-muted">Loading the docs…</p>}
              />
            ) : null}
            {tab === 'docs' && !described ? (
              // A status: "Loading…" turns into the docs, or into why there are none, without the user moving.
              <p class="kh-muted" role="status">
                {UNDESCRIBED[description]}
              </p>
            ) : null}
          </div>
          <ReplaceConfirm workbench={workbench} />
        </>
      )}
    </form>
  );
}

import { useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import { checkBucketName } from '../core/sftp/bucket-name.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { describeHostAccess, type HostAccess, withHostAccess } from './host-access.ts';
import { runAction } from './run-action.ts';
import type { KitServices } from './services.ts';
import { type StorageValues, storageEndpoint } from './storage-values.ts';
import { TextField } from './TextField.tsx';

interface BucketPanelProps {
  values: StorageValues;
  onBucketChange: (bucket: string) => void;
  services: KitServices;
}

/** Lists the storage's buckets and creates one (spec §4.4 step 8: a new add-on has none). */
export function BucketPanel({ values, onBucketChange, services }: BucketPanelProps) {
  const [buckets, setBuckets] = useState<string[] | null>(null);
  const [busy, setBusy] = useState<'list' | 'create' | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [accessNote, setAccessNote] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const check = checkBucketName(values.bucket);
  const endpoint = storageEndpoint(values);

  function client() {
    return services.createS3Client({
      endpoint,
      accessKeyId: values.keyId,
      secretAccessKey: values.keySecret,
      region: values.signingRegion,
    });
  }

  /** Asks for host access inside the click (the browser prompts only during a user gesture), then calls. */
  async function withAccess<T>(kind: 'list' | 'create', action: () => Promise<T>) {
    const access = endpoint ? services.requestHostAccess(endpoint) : Promise.resolve<HostAccess>('unavailable');
    setBusy(kind);
    setError(null);
    setCreated(null);
    setAccessNote(null);
    let lastAccess: HostAccess = 'granted';
    const result = await runAction(() =>
      withHostAccess(access, action, (state) => {
        lastAccess = state;
        setAccessNote(describeHostAccess(state, endpoint));
      }),
    );
    setBusy(null);
    if (!result.ok) setError(result.error);
    else setAccessNote(describeHostAccess(lastAccess, endpoint, true));
    return result;
  }

  async function list() {
    const result = await withAccess('list', () => client().listBuckets());
    if (result.ok) setBuckets(result.value);
  }

  async function create() {
    setTouched(true);
    if (!check.ok) return;
    const name = values.bucket;
    const result = await withAccess('create', async () => {
      const outcome = await client().createBucket(name);
      return { outcome, list: await client().listBuckets() };
    });
    if (result.ok) {
      setCreated(
        result.value.outcome === 'created' ? `Bucket “${name}” created.` : `You already own “${name}”: it is ready.`,
      );
      setBuckets(result.value.list);
    }
  }

  return (
    <div>
      <h3>Bucket</h3>
      <div class="sk-actions">
        <button type="button" class="kh-button" disabled={busy !== null} onClick={list}>
          {busy === 'list' ? 'Listing…' : 'List buckets'}
        </button>
      </div>
      {buckets ? (
        buckets.length ? (
          <>
            <p id="sk-bucket-list-label" class="kh-muted">
              Buckets on this storage (pick one for the SFTP users):
            </p>
            <ul class="sk-buckets" aria-labelledby="sk-bucket-list-label">
              {buckets.map((name) => (
                <li key={name}>
                  <button
                    type="button"
                    class="kh-button kh-mono"
                    aria-pressed={values.bucket === name}
                    onClick={() => onBucketChange(name)}
                  >
                    {name}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p role="status">This storage has no bucket yet: create one below.</p>
        )
      ) : null}
      <TextField
        label="Bucket name"
        name="bucket"
        value={values.bucket}
        mono
        onInput={(value) => {
          setTouched(true);
          onBucketChange(value.trim());
        }}
        error={touched && !check.ok ? check.problems.join(' ') : undefined}
        hint={
          check.needsPathStyle
            ? 'Dotted names work because the kit and SFTPGo use path-style addressing (endpoint/bucket): with virtual-host addressing the name would become part of the TLS host name, which the storage’s certificate does not cover.'
            : '3–63 lowercase letters, digits, hyphens or dots. Bucket names are shared by everyone on the storage cluster.'
        }
      />
      <div class="sk-actions">
        <button type="button" class="kh-button kh-button--primary" disabled={busy !== null} onClick={create}>
          {busy === 'create' ? 'Creating…' : 'Create bucket'}
        </button>
      </div>
      {accessNote ? (
        <p class="kh-banner kh-banner--warn" role="status">
          {accessNote}
        </p>
      ) : null}
      {created ? (
        <p class="sk-result" role="status">
          {created}
        </p>
      ) : null}
      {error ? <ErrorBanner error={error} /> : null}
    </div>
  );
}

import type { StorageEnv } from '../core/sftp/app-env.ts';
import type { DeployedKitState } from '../core/sftp/deployed-kit.ts';
import { BucketPanel } from './BucketPanel.tsx';
import { PlatformSource } from './PlatformSource.tsx';
import type { KitServices } from './services.ts';
import { type StorageValues, storageEndpoint } from './storage-values.ts';
import { TextField } from './TextField.tsx';

interface StorageSectionProps {
  values: StorageValues;
  onChange: (values: StorageValues) => void;
  onAppDomain: (domain: string) => void;
  onDeployed: (state: DeployedKitState) => void;
  services: KitServices;
}

export function StorageSection({ values, onChange, onAppDomain, onDeployed, services }: StorageSectionProps) {
  const set = (patch: Partial<StorageValues>) => onChange({ ...values, ...patch });

  function fillFrom(env: StorageEnv, domain: string | null) {
    onChange({
      ...values,
      host: env.found.CELLAR_ADDON_HOST ?? values.host,
      keyId: env.found.CELLAR_ADDON_KEY_ID ?? values.keyId,
      keySecret: env.found.CELLAR_ADDON_KEY_SECRET ?? values.keySecret,
      databaseUri: env.found.POSTGRESQL_ADDON_URI ? 'present' : 'missing',
    });
    if (domain) onAppDomain(domain);
  }

  return (
    <section id="storage" class="sk-section" aria-labelledby="storage-title">
      <h2 id="storage-title">2. Storage</h2>
      <p>
        The object-storage add-on’s keys, from your application or typed here, and its bucket. The secret stays in this
        tab’s memory.
      </p>
      <PlatformSource services={services} onRead={fillFrom} onDeployed={onDeployed} />
      <div class="sk-grid">
        <TextField
          label="CELLAR_ADDON_HOST"
          name="cellar-host"
          value={values.host}
          onInput={(host) => set({ host })}
          placeholder="cellar-c2.services.clever-cloud.com"
          mono
        />
        <TextField
          label="CELLAR_ADDON_KEY_ID"
          name="cellar-key-id"
          value={values.keyId}
          onInput={(keyId) => set({ keyId })}
          mono
        />
        <TextField
          label="CELLAR_ADDON_KEY_SECRET"
          name="cellar-key-secret"
          value={values.keySecret}
          onInput={(keySecret) => set({ keySecret })}
          secret
          mono
        />
        <TextField
          label="S3 endpoint"
          name="s3-endpoint"
          value={storageEndpoint(values)}
          onInput={(endpoint) => set({ endpointOverride: endpoint })}
          placeholder="https:// + CELLAR_ADDON_HOST"
          mono
          hint={
            values.endpointOverride === null ? (
              'https:// + CELLAR_ADDON_HOST. Calls are path-style: endpoint/bucket.'
            ) : (
              <>
                Custom endpoint (the SFTPGo user still gets https:// + CELLAR_ADDON_HOST).{' '}
                <button type="button" class="kh-button" onClick={() => set({ endpointOverride: null })}>
                  Use the default
                </button>
              </>
            )
          }
        />
        <TextField
          label="Signing region"
          name="signing-region"
          value={values.signingRegion}
          onInput={(signingRegion) => set({ signingRegion })}
          mono
          hint="S3 signatures (SigV4) name a region; Cellar accepts any, and us-east-1 works everywhere. The SFTPGo user keeps the region default."
        />
      </div>
      <p class={values.databaseUri === 'missing' ? 'sk-missing' : 'kh-muted'}>
        {values.databaseUri === 'present'
          ? '✓ POSTGRESQL_ADDON_URI is set: the run task hands it to SFTPGo at start.'
          : values.databaseUri === 'missing'
            ? '✗ POSTGRESQL_ADDON_URI is missing: link the PostgreSQL add-on to the application, or SFTPGo will not start.'
            : 'POSTGRESQL_ADDON_URI: not checked (sign in and read the application’s variables to check it is linked).'}
      </p>
      <BucketPanel values={values} onBucketChange={(bucket) => set({ bucket })} services={services} />
    </section>
  );
}

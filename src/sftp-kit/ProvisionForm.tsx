import { useEffect, useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import { listOrganisations, type OrganisationChoice } from '../core/sftp/organisations.ts';
import {
  checkProvisionForm,
  type ProviderChoice,
  parseAddonProviders,
  parseLinuxRuntime,
  parseZones,
  type ZoneChoice,
} from '../core/sftp/provision-choices.ts';
import type { LinuxRuntime, ProvisionChoices } from '../core/sftp/provision-plan.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { runAction } from './run-action.ts';
import type { KitServices } from './services.ts';
import { TextField } from './TextField.tsx';

interface Catalog {
  organisations: OrganisationChoice[];
  zones: ZoneChoice[];
  providers: { postgresql: ProviderChoice; storage: ProviderChoice };
  runtime: LinuxRuntime;
}

interface ProvisionFormProps {
  services: KitServices;
  adminPassword: string;
  onAdminPassword: (password: string) => void;
  onReview: (choices: ProvisionChoices) => void;
}

/** The user's choices; organisation, zone and plans are pickers fed from the account. */
export function ProvisionForm({ services, adminPassword, onAdminPassword, onReview }: ProvisionFormProps) {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [ownerId, setOwnerId] = useState('');
  const [zone, setZone] = useState('');
  const [pgPlan, setPgPlan] = useState('');
  const [storagePlan, setStoragePlan] = useState('');
  const [values, setValues] = useState({
    appName: 'sftp-gateway',
    adminUsername: 'admin',
    bucket: 'sftp-files',
    sftpUsername: 'files',
  });
  const [tried, setTried] = useState(false);

  async function load() {
    setError(null);
    const result = await runAction(async () => {
      const [summary, zones, providers, instances] = await Promise.all([
        services.apiGet('/v2/summary'),
        services.apiGet('/v4/products/zones'),
        services.apiGet('/v2/products/addonproviders'),
        services.apiGet('/v2/products/instances'),
      ]);
      return {
        organisations: listOrganisations(summary),
        zones: parseZones(zones),
        providers: parseAddonProviders(providers),
        runtime: parseLinuxRuntime(instances),
      };
    });
    if (!result.ok) return setError(result.error);
    const loaded = result.value;
    setCatalog(loaded);
    setOwnerId(loaded.organisations[0]?.id ?? '');
    setZone(loaded.zones.find((candidate) => candidate.name === 'par')?.name ?? loaded.zones[0]?.name ?? '');
    setPgPlan(loaded.providers.postgresql.plans[0]!.id);
    setStoragePlan(loaded.providers.storage.plans[0]!.id);
  }

  useEffect(() => {
    void load();
  }, []);

  if (error) return <ErrorBanner error={error} onRetry={load} />;
  if (!catalog) return <p class="kh-muted">Loading your organisations, zones and plans…</p>;

  const problems = checkProvisionForm({ ...values, adminPassword });
  const problem = (field: keyof typeof problems) => (tried ? problems[field] : undefined);
  const set = (field: keyof typeof values) => (value: string) => setValues({ ...values, [field]: value });
  const select = (
    id: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: [string, string][],
  ) => (
    <div class="sk-field">
      <label for={id}>{label}</label>
      <select
        id={id}
        class="kh-input"
        value={value}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value)}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );

  function review() {
    setTried(true);
    if (Object.keys(problems).length || !catalog) return;
    const org = catalog.organisations.find((candidate) => candidate.id === ownerId)!;
    const plan = (provider: ProviderChoice, id: string) => ({
      providerId: provider.id,
      planId: id,
      planName: provider.plans.find((candidate) => candidate.id === id)?.name ?? id,
    });
    onReview({
      ownerId,
      ownerName: org.name,
      zone,
      appName: values.appName,
      runtime: catalog.runtime,
      postgresql: plan(catalog.providers.postgresql, pgPlan),
      storage: plan(catalog.providers.storage, storagePlan),
      adminUsername: values.adminUsername,
      bucket: values.bucket,
      sftpUsername: values.sftpUsername,
    });
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <div class="sk-grid">
        {select(
          'sk-pv-org',
          'Organisation',
          ownerId,
          setOwnerId,
          catalog.organisations.map((org) => [org.id, org.name]),
        )}
        {select(
          'sk-pv-zone',
          'Zone',
          zone,
          setZone,
          catalog.zones.map((candidate) => [candidate.name, candidate.label]),
        )}
        <TextField
          label="Application name"
          value={values.appName}
          onInput={set('appName')}
          error={problem('appName')}
          mono
        />
        {select(
          'sk-pv-pg',
          'PostgreSQL plan',
          pgPlan,
          setPgPlan,
          catalog.providers.postgresql.plans.map((p) => [p.id, p.name]),
        )}
        {select(
          'sk-pv-storage',
          'Object storage plan',
          storagePlan,
          setStoragePlan,
          catalog.providers.storage.plans.map((p) => [p.id, p.name]),
        )}
        <TextField label="Bucket" value={values.bucket} onInput={set('bucket')} error={problem('bucket')} mono />
        <TextField
          label="Admin username"
          value={values.adminUsername}
          onInput={set('adminUsername')}
          error={problem('adminUsername')}
          mono
        />
        <TextField
          label="Admin password"
          value={adminPassword}
          onInput={onAdminPassword}
          error={problem('adminPassword')}
          secret
          mono
          hint="Keep it in your password manager: Keyhole keeps no copy once this tab closes."
          actions={
            <button type="button" class="kh-button" onClick={() => onAdminPassword(services.generatePassword())}>
              Generate
            </button>
          }
        />
        <TextField
          label="First SFTP user"
          value={values.sftpUsername}
          onInput={set('sftpUsername')}
          error={problem('sftpUsername')}
          mono
        />
      </div>
      <div class="sk-actions">
        <button type="submit" class="kh-button kh-button--primary">
          Review the plan
        </button>
      </div>
    </form>
  );
}

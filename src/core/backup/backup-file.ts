import { dataRecord } from '../data-record.ts';
import { KeyholeError } from '../errors.ts';
import { validateProfile } from '../profiles/profile-validation.ts';
import type { ProfileInput, ProfileView } from '../protocol.ts';
import { type RunState, STEP_IDS, type StepRecord } from '../sftp/provision-plan.ts';
import {
  type CollectionFile,
  exportCollection,
  type ImportedEnvironment,
  type ImportedRequest,
  parseCollectionEnvironments,
  parseCollectionFile,
} from '../workbench/collection-file.ts';
import { isRedacted, isSecretVariable } from '../workbench/redact-secrets.ts';
import type { SavedRequest } from '../workbench/saved-requests.ts';
import { isContextName, type VariableScope } from '../workbench/variable-scope.ts';

/**
 * "Export all": one JSON file with what a user would have to rebuild by hand on another machine — profiles
 * (addresses and consumer key, never a secret: the worker never gives one out), saved requests and environments
 * (as Keyhole's collection file, masked the same way), the per-profile contexts and the SFTP kit's run. Reading
 * one back treats it as hostile: every part is checked field by field, and anything off is left out and said.
 */
export const BACKUP_FORMAT = 'keyhole-backup';
export const BACKUP_VERSION = 1;
/** Far above 50 saved requests and a few runs; a bigger file is not one of ours. */
export const MAX_BACKUP_BYTES = 20 * 1024 * 1024;

export type BackupProfile = Omit<ProfileView, 'hasConsumerSecret'>;

export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  /** The Keyhole version that wrote it, for the reader's information. */
  app: string;
  profiles: BackupProfile[];
  collection: CollectionFile;
  /** Profile id (as in `profiles`) → placeholder → value. */
  contexts: Record<string, Record<string, string>>;
  kitRuns: RunState[];
}

export interface BackupContents {
  profiles: BackupProfile[];
  requests: readonly SavedRequest[];
  scope: VariableScope;
  kitRuns: readonly RunState[];
}

export function buildBackup(contents: BackupContents, app: string, now = new Date()): string {
  const collection = JSON.parse(
    exportCollection(
      contents.requests,
      now,
      contents.scope.environments.map(({ name, variables }) => ({ name, variables })),
    ),
  ) as CollectionFile;
  const file: BackupFile = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    app,
    // Field by field: a field added to ProfileView later (a secret's hint, say) is not exported by accident.
    profiles: contents.profiles.map((profile) => {
      const { id, name, preset, apiBaseUrl, bridgeUrl, consumerKey, signatureMethod, tokenEndpoint, consoleUrl } =
        profile;
      return { id, name, preset, apiBaseUrl, bridgeUrl, consumerKey, signatureMethod, tokenEndpoint, consoleUrl };
    }),
    collection,
    contexts: withoutMaskedValues(contents.scope.contexts),
    kitRuns: contents.kitRuns.map(portableRun),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** What a backup gives after checking; `skipped` says, in words, what was left out and why. */
export interface ParsedBackup {
  exportedAt: string;
  profiles: (ProfileInput & { id: string })[];
  requests: ImportedRequest[];
  environments: ImportedEnvironment[];
  contexts: Record<string, Record<string, string>>;
  kitRuns: RunState[];
  skipped: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function parseProfile(value: unknown, index: number, skipped: string[]): (ProfileInput & { id: string }) | undefined {
  if (!isObject(value)) {
    skipped.push(`Profile ${index + 1}: not a profile.`);
    return undefined;
  }
  const preset = value.preset === 'real' || value.preset === 'sandbox' ? value.preset : 'custom';
  const input: ProfileInput & { id: string } = {
    id: str(value.id),
    name: str(value.name).trim(),
    preset,
    apiBaseUrl: str(value.apiBaseUrl),
    bridgeUrl: str(value.bridgeUrl),
    consumerKey: str(value.consumerKey).trim(),
    signatureMethod: str(value.signatureMethod) as ProfileInput['signatureMethod'],
    tokenEndpoint: str(value.tokenEndpoint) as ProfileInput['tokenEndpoint'],
  };
  if (str(value.consoleUrl).trim()) input.consoleUrl = str(value.consoleUrl).trim();
  const problem = Object.values(validateProfile(input, { requireSecret: false }))[0];
  if (problem) {
    skipped.push(`Profile “${input.name.slice(0, 60) || index + 1}”: ${problem}`);
    return undefined;
  }
  return input;
}

/**
 * Contexts without the values stored masked (a credential typed as an id): the mask is no value anywhere, and
 * imported it would fill paths with it.
 */
function withoutMaskedValues(contexts: VariableScope['contexts']): VariableScope['contexts'] {
  const kept = dataRecord<Record<string, string>>();
  for (const [profile, values] of Object.entries(contexts)) {
    const clear = Object.entries(values).filter(([, value]) => !isRedacted(value));
    if (clear.length > 0) kept[profile] = dataRecord(clear);
  }
  return kept;
}

function parseContexts(value: unknown): Record<string, Record<string, string>> {
  const contexts: Record<string, Record<string, string>> = {};
  if (!isObject(value)) return contexts;
  for (const [profile, entries] of Object.entries(value)) {
    // A hostile file's "__proto__" key would set the object's prototype, not add a context.
    if (!isObject(entries) || profile === '__proto__') continue;
    const kept = Object.entries(entries).filter(
      // Nor a value stored masked, or one this machine would store so (a credential typed as an id): the mask is
      // no value, and it would fill paths with it.
      ([name, item]) =>
        isContextName(name) &&
        typeof item === 'string' &&
        item.length <= 200 &&
        !isRedacted(item) &&
        !isSecretVariable({ name, value: item }),
    ) as [string, string][];
    if (kept.length > 0) contexts[profile] = Object.fromEntries(kept);
  }
  return contexts;
}

/**
 * A run as it may travel: its choices and which steps were reached. What the platform told this machine (ids,
 * domain, host-key fingerprint, where to push) and the test-only addresses stay home: from a file they could point
 * the kit at someone else's host. A step that had started is marked attempted, so the kit looks its resource up
 * by name on the platform (as after a lost answer) and learns the facts again from there.
 */
export function portableRun(run: RunState): RunState {
  const steps = Object.fromEntries(
    STEP_IDS.map((id): [string, StepRecord] => {
      const record = run.steps[id];
      const reached = record && (record.status !== 'pending' || record.attempted);
      return [id, reached ? { status: 'pending', attempted: true } : { status: 'pending' }];
    }),
  ) as RunState['steps'];
  return { version: 1, id: run.id, choices: run.choices, steps, facts: {}, created: [] };
}

const NAME = /^[\w.@-]{1,100}$/;

function parseRun(value: unknown, index: number, skipped: string[]): RunState | undefined {
  const skip = (why: string) => {
    skipped.push(`SFTP kit run ${index + 1}: ${why}`);
    return undefined;
  };
  if (!isObject(value) || value.version !== 1 || typeof value.id !== 'string' || !NAME.test(value.id))
    return skip('not a kit run this version reads.');
  const choices = value.choices;
  if (!isObject(choices)) return skip('its choices are missing.');
  const names = ['ownerId', 'zone', 'appName', 'adminUsername', 'bucket', 'sftpUsername'] as const;
  const bad = names.find((field) => typeof choices[field] !== 'string' || !NAME.test(choices[field] as string));
  if (bad) return skip(`its “${bad}” is not a plain name.`);
  const runtime = choices.runtime;
  const plan = (item: unknown) =>
    isObject(item) && ['providerId', 'planId', 'planName'].every((field) => typeof item[field] === 'string');
  if (!isObject(runtime) || !['type', 'version', 'variantId', 'flavor'].every((f) => typeof runtime[f] === 'string'))
    return skip('its runtime is not readable.');
  if (!plan(choices.postgresql) || !plan(choices.storage) || typeof choices.ownerName !== 'string')
    return skip('its add-on plans are not readable.');
  const steps = isObject(value.steps) ? value.steps : {};
  return portableRun({
    version: 1,
    id: value.id,
    choices: choices as unknown as RunState['choices'],
    steps: steps as RunState['steps'],
    facts: {},
    created: [],
  });
}

/** Reads a backup file's text; throws a KeyholeError when it is not one this version can read at all. */
export function parseBackup(text: string): ParsedBackup {
  if (text.length > MAX_BACKUP_BYTES)
    throw new KeyholeError('too-large', 'This file is too large to be a Keyhole backup.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KeyholeError('invalid-input', 'This file is not JSON, so not a Keyhole backup.');
  }
  if (!isObject(value) || value.format !== BACKUP_FORMAT)
    throw new KeyholeError('invalid-input', 'This is not a Keyhole backup (Settings → Export all makes one).');
  if (typeof value.version !== 'number' || value.version > BACKUP_VERSION)
    throw new KeyholeError(
      'invalid-input',
      `This backup is format ${String(value.version)}, written by a newer Keyhole; this one reads format ${BACKUP_VERSION}. Update Keyhole first.`,
    );
  const skipped: string[] = [];
  const profiles = (Array.isArray(value.profiles) ? value.profiles : [])
    .map((item, index) => parseProfile(item, index, skipped))
    .filter((item): item is ProfileInput & { id: string } => item !== undefined);
  let requests: ImportedRequest[] = [];
  let environments: ImportedEnvironment[] = [];
  if (value.collection !== undefined)
    try {
      requests = parseCollectionFile(value.collection);
      environments = parseCollectionEnvironments(value.collection);
    } catch (error) {
      skipped.push(`Saved requests and environments: ${(error as Error).message}`);
    }
  const kitRuns = (Array.isArray(value.kitRuns) ? value.kitRuns : [])
    .map((item, index) => parseRun(item, index, skipped))
    .filter((item): item is RunState => item !== undefined);
  return {
    exportedAt: str(value.exportedAt),
    profiles,
    requests,
    environments,
    contexts: parseContexts(value.contexts),
    kitRuns,
    skipped,
  };
}

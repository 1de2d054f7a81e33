import type { RecordKindName } from './record-kinds.ts';

/** How the settings page names each kind of record (kept out of record-kinds.ts: the worker never shows them). */
const KIND_LABELS: Record<RecordKindName, string> = {
  profiles: 'Profiles',
  sessions: 'Sign-in sessions',
  'sign-in-dances': 'Sign-ins under way',
  'clock-offsets': 'Clock offsets',
  'bridge-token-views': 'API tokens chosen for bridge calls',
  'vault-lock-note': 'Vault lock state',
  vault: 'Sealed secrets and passphrase lock',
  'workbench-settings': 'Workbench draft, layout and history limits',
  variables: 'Environments and contexts',
  tabs: 'Request tabs',
  'tab-responses': 'Request tabs’ last responses',
  'tab-response-marks': 'Which response each request tab shows',
  'tab-response-spills': 'Request tabs’ responses written at reload',
  'saved-requests': 'Saved requests',
  history: 'History',
  'history-bodies': 'History response bodies',
  'sftp-kit-runs': 'SFTP kit runs',
  'popup-account-cache': 'Popup account cache',
};

export function kindLabel(name: string): string {
  return KIND_LABELS[name as RecordKindName] ?? name;
}

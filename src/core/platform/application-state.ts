/**
 * Human labels for the platform's application states. The platform names the *wanted* state
 * (SHOULD_BE_UP), which users read as "Running"; unknown states are shown in readable case, not hidden.
 */
export type StateTone = 'ok' | 'muted' | 'warn' | 'danger';

export interface ApplicationStateLabel {
  label: string;
  tone: StateTone;
}

const KNOWN: Record<string, ApplicationStateLabel> = {
  SHOULD_BE_UP: { label: 'Running', tone: 'ok' },
  SHOULD_BE_DOWN: { label: 'Stopped', tone: 'muted' },
  WANTS_TO_BE_UP: { label: 'Starting', tone: 'warn' },
  MODERATED: { label: 'Moderated', tone: 'danger' },
  DEFAULT_OF_PAYMENT: { label: 'Payment overdue', tone: 'danger' },
};

export function describeApplicationState(state: string | undefined, archived = false): ApplicationStateLabel {
  if (archived) return { label: 'Archived', tone: 'muted' };
  if (!state) return { label: 'Unknown state', tone: 'muted' };
  const known = KNOWN[state];
  if (known) return known;
  const text = state.toLowerCase().replace(/_/g, ' ');
  return { label: text.charAt(0).toUpperCase() + text.slice(1), tone: 'muted' };
}

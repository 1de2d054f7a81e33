import { describe, expect, it } from 'vitest';
import { describeApplicationState } from '../../../../src/core/platform/application-state.ts';

describe('describeApplicationState', () => {
  it('names the platform states the way users read them', () => {
    expect(describeApplicationState('SHOULD_BE_UP')).toEqual({ label: 'Running', tone: 'ok' });
    expect(describeApplicationState('SHOULD_BE_DOWN')).toEqual({ label: 'Stopped', tone: 'muted' });
    expect(describeApplicationState('WANTS_TO_BE_UP')).toEqual({ label: 'Starting', tone: 'warn' });
    expect(describeApplicationState('DEFAULT_OF_PAYMENT').tone).toBe('danger');
  });

  it('puts archived first and keeps unknown states readable', () => {
    expect(describeApplicationState('SHOULD_BE_UP', true).label).toBe('Archived');
    expect(describeApplicationState('BEING_MIGRATED')).toEqual({ label: 'Being migrated', tone: 'muted' });
    expect(describeApplicationState(undefined).label).toBe('Unknown state');
  });
});

import { describe, expect, it } from 'vitest';
import { contextValuesFor, ownersChosenIn, pathOwner } from '../../../../src/core/workbench/context-owner.ts';
import {
  EMPTY_SCOPE,
  reviveScope,
  scopeValues,
  setContextValue,
} from '../../../../src/core/workbench/variable-scope.ts';

describe('whose ids a path takes', () => {
  it('reads self and organisation paths, v2 and v4, literal or from a value', () => {
    expect(pathOwner('/v2/self/applications/{applicationId}/instances', {})).toEqual({
      owner: 'self',
      owned: ['applicationId'],
    });
    expect(
      pathOwner('/v2/organisations/{organisationId}/applications/{applicationId}', { organisationId: 'orga_X' }),
    ).toEqual({
      owner: 'orga_X',
      owned: ['applicationId'],
    });
    expect(pathOwner('/v2/organisations/orga_Y/addons/{addonId}/env', {})).toEqual({
      owner: 'orga_Y',
      owned: ['addonId'],
    });
    expect(
      pathOwner('/v4/billing/organisations/{{organisationId}}/invoices/{invoiceId}', { organisationId: 'orga_Z' }),
    ).toEqual({
      owner: 'orga_Z',
      owned: ['invoiceId'],
    });
    // Not known yet: no owner, so nothing owned by one fills.
    expect(pathOwner('/v2/organisations/{organisationId}/applications/{applicationId}', {})?.owner).toBeUndefined();
    // Paths naming no owner (or only the organisation itself).
    expect(pathOwner('/v2/summary', {})).toBeUndefined();
    expect(pathOwner('/v2/organisations/{organisationId}', { organisationId: 'orga_X' })).toBeUndefined();
    expect(pathOwner('/v2/products/zones', {})).toBeUndefined();
  });

  it('fills an organisation’s app only under that organisation, a personal app only under /v2/self', () => {
    const context = { organisationId: 'orga_X', applicationId: 'app_of_X' };
    const owners = { applicationId: 'orga_X' };
    // The case: an organisation's app was put into /v2/self/applications/{applicationId}/instances (404).
    expect(contextValuesFor(context, owners, '/v2/self/applications/{applicationId}/instances', {})).toEqual({
      organisationId: 'orga_X',
    });
    expect(
      contextValuesFor(
        context,
        owners,
        '/v2/organisations/{organisationId}/applications/{applicationId}/instances',
        {},
      ),
    ).toEqual(context);
    // Another organisation typed in the path: not that app.
    expect(
      contextValuesFor(context, owners, '/v2/organisations/{organisationId}/applications/{applicationId}', {
        organisationId: 'orga_Y',
      }),
    ).toEqual({ organisationId: 'orga_X' });
    expect(contextValuesFor(context, owners, '/v2/organisations/orga_Y/applications/{applicationId}', {})).toEqual({
      organisationId: 'orga_X',
    });
    const personal = { applicationId: 'self' };
    expect(contextValuesFor(context, personal, '/v2/self/applications/{applicationId}', {})).toEqual(context);
    expect(
      contextValuesFor(context, personal, '/v2/organisations/{organisationId}/applications/{applicationId}', {}),
    ).toEqual({ organisationId: 'orga_X' });
    // An id remembered where no owner showed (or before owners were kept) fills as before; so does an unscoped path.
    expect(contextValuesFor(context, {}, '/v2/self/applications/{applicationId}', {})).toEqual(context);
    expect(contextValuesFor(context, owners, '/v4/products/{applicationId}', {})).toEqual(context);
  });

  it('remembers the owner of the path an id was chosen in', () => {
    expect(
      ownersChosenIn('/v2/organisations/{organisationId}/applications/{applicationId}', { organisationId: 'orga_X' }),
    ).toEqual({
      applicationId: 'orga_X',
    });
    expect(ownersChosenIn('/v2/self/applications/{applicationId}/addons/{addonId}', {})).toEqual({
      applicationId: 'self',
      addonId: 'self',
    });
    expect(
      ownersChosenIn('/v2/organisations/{organisationId}/applications/{applicationId}', { organisationId: ' ' }),
    ).toEqual({});
  });
});

describe('the scope keeps owners beside the context', () => {
  it('sets, replaces and forgets an owner with its id, revives it, and filters by path', () => {
    let scope = setContextValue(EMPTY_SCOPE, 'p', 'applicationId', 'app_of_X', 'orga_X');
    scope = setContextValue(scope, 'p', 'organisationId', 'orga_X');
    expect(scope.owners).toEqual({ p: { applicationId: 'orga_X' } });
    const revived = reviveScope(JSON.parse(JSON.stringify(scope)));
    expect(revived.owners).toEqual({ p: { applicationId: 'orga_X' } });
    expect(scopeValues(revived, 'p', { path: '/v2/self/applications/{applicationId}', params: {} })).toEqual({
      organisationId: 'orga_X',
    });
    expect(scopeValues(revived, 'p')).toEqual({ organisationId: 'orga_X', applicationId: 'app_of_X' });
    // Chosen again where no owner shows: the owner is forgotten, not left stale.
    scope = setContextValue(scope, 'p', 'applicationId', 'app_of_X');
    expect(scope.owners).toEqual({ p: {} });
    scope = setContextValue(scope, 'p', 'applicationId', 'app_2', 'self');
    scope = setContextValue(scope, 'p', 'applicationId', '');
    expect(scope.contexts.p).toEqual({ organisationId: 'orga_X' });
    expect(scope.owners).toEqual({ p: {} });
    // An owners entry for no known context is dropped on reading, and one of the wrong shape too.
    expect(reviveScope({ contexts: {}, owners: { q: { applicationId: 'x' } } }).owners).toEqual({});
    expect(reviveScope({ contexts: { p: {} }, owners: { p: { applicationId: 3 } } }).owners).toEqual({ p: {} });
  });
});

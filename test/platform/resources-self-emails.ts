/**
 * `/v2/self/emails`: the user's secondary addresses. The sandbox has no mailbox, so an added address counts as
 * confirmed at once. Refusals carry the error ids the official client turns into its own codes: 550 (invalid format),
 * 101 (already the user's), 1004 (another user's).
 */
import { ERROR_IDS } from './error-ids.ts';
import { HttpError, parseJsonBody } from './http-util.ts';
import { success } from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import { findUserByEmail } from './state.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function addressOf(request: ResourceRequest): string {
  const address = (request.params.address ?? '').trim().toLowerCase();
  if (!EMAIL.test(address)) {
    throw new HttpError(400, `${request.params.address} is not a valid email address`, { id: ERROR_IDS.invalidFormat });
  }
  return address;
}

function makePrimary(request: ResourceRequest): boolean {
  if (request.body.length === 0) return false;
  const body = parseJsonBody(request.req, request.body) as { make_primary?: unknown } | null;
  return typeof body === 'object' && body !== null && body.make_primary === true;
}

export const emailRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/self/emails',
    right: 'access_personal_information',
    handle: ({ caller }) => ({ status: 200, json: [...caller.user.secondaryEmails] }),
  },
  {
    method: 'PUT',
    pattern: '/v2/self/emails/:address',
    right: 'manage_personal_information',
    handle: (request) => {
      const user = request.caller.user;
      const address = addressOf(request);
      if (makePrimary(request)) {
        if (!user.secondaryEmails.includes(address))
          throw new HttpError(404, `${address} is not one of your addresses`);
        user.secondaryEmails = [...user.secondaryEmails.filter((email) => email !== address), user.email];
        user.email = address;
        return success(`${address} is now your primary address`);
      }
      if (user.email === address || user.secondaryEmails.includes(address)) {
        throw new HttpError(400, `${address} is already one of your addresses`, { id: ERROR_IDS.alreadyDefined });
      }
      const other = findUserByEmail(request.state, address);
      const usedElsewhere = [...request.state.users.values()].some(
        (candidate) => candidate !== user && candidate.secondaryEmails.includes(address),
      );
      if (other || usedElsewhere) {
        throw new HttpError(400, `${address} belongs to another account`, { id: ERROR_IDS.alreadyUsed });
      }
      user.secondaryEmails.push(address);
      return success(`${address} was added to your addresses`);
    },
  },
  {
    method: 'DELETE',
    pattern: '/v2/self/emails/:address',
    right: 'manage_personal_information',
    handle: (request) => {
      const user = request.caller.user;
      const address = addressOf(request);
      if (!user.secondaryEmails.includes(address)) throw new HttpError(404, `${address} is not one of your addresses`);
      user.secondaryEmails = user.secondaryEmails.filter((email) => email !== address);
      return success(`${address} was removed from your addresses`);
    },
  },
];

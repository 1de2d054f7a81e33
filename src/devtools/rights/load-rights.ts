import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { errorFromResponse, isSuccess, readJsonBody } from '../../core/http/failed-response.ts';
import {
  findConsumerOwner,
  parseConsumerRights,
  parseRightsBody,
  type ReportedRight,
} from '../../core/platform/rights.ts';
import { send } from '../../ui/send.ts';

/**
 * What the rights view reads: the platform's list of rights, and what the active profile's consumer asks for.
 * The platform does not report which rights a session was actually granted (the consent page lets the user untick
 * some), so the consumer's record is the honest best we can show, and "unknown" when it cannot be read.
 */

export interface PlatformRights {
  reported?: ReportedRight[];
  /** The body as received, for "show the platform's answer". */
  raw?: string;
  error?: KeyholeErrorData;
}

export interface ConsumerRights {
  consumerKey?: string;
  rights?: Record<string, boolean>;
  /** The path the rights were read from. */
  source?: string;
  /** Why they are unknown. */
  reason?: string;
}

export async function loadPlatformRights(): Promise<PlatformRights> {
  const action = 'read the platform’s list of rights';
  try {
    const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/oauth/rights' });
    if (!isSuccess(response)) throw errorFromResponse(response, { action });
    const raw = response.body.kind === 'text' ? response.body.text : '';
    const reported = parseRightsBody(readJsonBody(response, action));
    if (!reported)
      return {
        raw,
        error: {
          code: 'malformed-response',
          message: 'The platform’s list of rights has a shape Keyhole does not know; the spec’s list is shown.',
        },
      };
    return { reported, raw };
  } catch (error) {
    return { error: toErrorData(error) };
  }
}

async function getJson(path: string, action: string): Promise<{ status: number; body?: unknown }> {
  const response = await send('request/send', { target: 'api', method: 'GET', path });
  if (response.status === 404) return { status: 404 };
  if (!isSuccess(response)) throw errorFromResponse(response, { action });
  return { status: response.status, body: readJsonBody(response, action) };
}

export async function loadConsumerRights(): Promise<ConsumerRights> {
  let consumerKey: string | undefined;
  try {
    const status = await send('session/status');
    if (status.state === 'unconfigured')
      return { reason: 'No profile is set up yet, so there is no consumer to read.' };
    consumerKey = status.profile.consumerKey;
    if (status.state !== 'signed-in') return { consumerKey, reason: 'Sign in to read what your consumer asks for.' };
    const key = encodeURIComponent(consumerKey);
    const action = 'read your consumer’s record';
    let source = `/v2/self/consumers/${key}`;
    let record = await getJson(source, action);
    if (record.status === 404) {
      // Not a personal consumer: find the organisation that owns it.
      const summary = await getJson('/v2/summary', 'find which organisation owns your consumer');
      const owner = findConsumerOwner(summary.body, consumerKey);
      if (!owner || owner === 'self')
        return { consumerKey, reason: 'Your account does not list this consumer, so its rights cannot be read.' };
      source = `/v2/organisations/${encodeURIComponent(owner.organisationId)}/consumers/${key}`;
      record = await getJson(source, action);
      if (record.status === 404) return { consumerKey, reason: 'The consumer’s record was not found.' };
    }
    const rights = parseConsumerRights(record.body);
    if (!rights) return { consumerKey, source, reason: 'The consumer’s record does not say which rights it asks for.' };
    return { consumerKey, rights, source };
  } catch (error) {
    const data = toErrorData(error);
    return {
      ...(consumerKey ? { consumerKey } : {}),
      reason:
        data.code === 'forbidden'
          ? `${data.message} Reading a consumer needs access_personal_information or access_organisations.`
          : data.message,
    };
  }
}

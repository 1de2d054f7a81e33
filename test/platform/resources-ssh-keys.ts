/**
 * The user's SSH public keys (`/v2/self/keys`, `PUT|DELETE /v2/self/keys/{name}`), as `clever ssh-keys` and the
 * official client send them: the body is the key as a JSON string (clever-tools ssh-keys.add.command.js sends
 * `JSON.stringify(content)`; `@clevercloud/client` create-personal-ssh-key sends it as is). A key must be an OpenSSH
 * public key line whose blob names the same type; otherwise 400 with the platform's id 505, which the CLI turns into
 * "This SSH key is not valid". Records are `{name, key, fingerprint}` (`SHA256:…` of the blob, as `ssh-keygen -l`).
 * `/v2/self/…` and `/v2/organisations/{your id}/…` are one store, as for every catalog collection.
 */
import { createHash } from 'node:crypto';
import { ERROR_IDS } from './error-ids.ts';
import { HttpError, mediaType } from './http-util.ts';
import { emptySuccess } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';

const TYPES = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521'];

function storeOf(request: ResourceRequest): Map<string, Record<string, unknown>> {
  const key = `/v2/organisations/${request.caller.user.id}/keys`;
  let store = request.state.catalogCollections.get(key);
  if (!store) {
    // One example, like every collection: a real ed25519 key line derived from the user id.
    const raw = createHash('sha256').update(request.caller.user.id).digest();
    const example = keyRecord('laptop', ed25519KeyLine(raw, 'ada@laptop'));
    store = new Map([['laptop', example]]);
    request.state.catalogCollections.set(key, store);
  }
  return store;
}

/** An OpenSSH `ssh-ed25519` public key line for a 32-byte key: the blob is the type, then the key, each length-prefixed. */
export function ed25519KeyLine(raw: Buffer, comment: string): string {
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} ${comment}`;
}

function keyRecord(name: string, line: string): Record<string, unknown> {
  const blob = Buffer.from(line.split(/\s+/)[1]!, 'base64');
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { name, key: line, fingerprint };
}

function invalid(): HttpError {
  return new HttpError(
    400,
    'Invalid SSH public key: expected an OpenSSH public key line (type, base64 blob, comment)',
    {
      id: ERROR_IDS.invalidSshKey,
    },
  );
}

/** The key line of the body: a JSON string (what the official tools send) or the bare line. */
function keyLine(request: ResourceRequest): string {
  let text = request.body.toString('utf8').trim();
  if (mediaType(request.req).includes('json') && text.startsWith('"')) {
    try {
      text = String(JSON.parse(text)).trim();
    } catch {
      throw invalid();
    }
  }
  const [type, data] = text.split(/\s+/);
  if (!type || !data || !TYPES.includes(type) || !/^[A-Za-z0-9+/]+=*$/.test(data)) throw invalid();
  const blob = Buffer.from(data, 'base64');
  const length = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (length <= 0 || blob.subarray(4, 4 + length).toString('latin1') !== type || blob.length <= 4 + length) {
    throw invalid();
  }
  return text;
}

function put(request: ResourceRequest): Reply {
  const name = request.params.keyName!;
  if (name.trim() === '' || name.length > 255) throw new HttpError(400, 'A key needs a name of 1 to 255 characters');
  const record = keyRecord(name, keyLine(request));
  storeOf(request).set(name, record);
  return { status: 200, json: record };
}

function remove(request: ResourceRequest): Reply {
  if (!storeOf(request).delete(request.params.keyName!)) {
    throw new HttpError(404, `No SSH key named ${request.params.keyName}`);
  }
  return emptySuccess('DELETE', '/v2/self/keys/:keyName', `The SSH key ${request.params.keyName} has been removed`);
}

const READ = 'access_personal_information';
const WRITE = 'manage_ssh_keys';

export const sshKeyRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v2/self/keys',
    right: READ,
    handle: (request) => ({ status: 200, json: [...storeOf(request).values()] }),
  },
  { method: 'PUT', pattern: '/v2/self/keys/:keyName', right: WRITE, handle: put },
  { method: 'DELETE', pattern: '/v2/self/keys/:keyName', right: WRITE, handle: remove },
];

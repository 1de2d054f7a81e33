/**
 * `PUT /v2/self/avatar`, as the platform takes it: the image itself as the body, "without anything else" (OpenAPI
 * `putOrganisationsIdAvatar`), typed `image/bmp|gif|jpeg|png|tiff` (the official client's
 * `UpdateProfileAvatarCommand`), or JSON naming an external source (`{source: "gravatar"}` from the client, or the
 * OpenAPI's `{source: {source, value}}`). It answers `{url}` (the client's `UpdateProfileAvatarCommandOutput`); the
 * bytes are kept in `state.avatars` so a test reads back exactly what arrived.
 */
import { createHash } from 'node:crypto';
import { HttpError, mediaType } from './http-util.ts';
import { jsonObject } from './resource-helpers.ts';
import type { Route } from './router.ts';

const IMAGE_TYPES: Record<string, string> = {
  'image/bmp': 'bmp',
  'image/gif': 'gif',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tiff',
};
const SOURCES = ['github', 'gravatar'];

export const avatarRoutes: Route[] = [
  {
    method: 'PUT',
    pattern: '/v2/self/avatar',
    right: 'manage_personal_information',
    handle: (request) => {
      const user = request.caller.user;
      const type = mediaType(request.req);
      if (type === 'application/json') {
        const body = jsonObject(request);
        const source =
          typeof body.source === 'object' && body.source !== null
            ? (body.source as { source?: unknown }).source
            : body.source;
        if (typeof source !== 'string' || !SOURCES.includes(source))
          throw new HttpError(400, `Field "source" must be one of ${SOURCES.join(', ')}`);
        user.avatar = `https://assets.sandbox.keyhole.test/avatars/${source}-${user.id}.png`;
        return { status: 200, json: { url: user.avatar } };
      }
      const extension = IMAGE_TYPES[type];
      if (!extension)
        throw new HttpError(
          415,
          `Expected an image (${Object.keys(IMAGE_TYPES).join(', ')}) or JSON, got ${type || 'none'}`,
        );
      if (request.body.length === 0) throw new HttpError(400, 'The avatar image is empty');
      const digest = createHash('sha256').update(request.body).digest('hex').slice(0, 16);
      request.state.avatars.set(user.id, { contentType: type, bytes: Buffer.from(request.body) });
      user.avatar = `https://assets.sandbox.keyhole.test/avatars/${digest}.${extension}`;
      return { status: 200, json: { url: user.avatar } };
    },
  },
];

/**
 * The body a newly opened endpoint starts with, in the editor its description's content type calls for: JSON (the
 * example built valid against the schema), form fields, a file for a binary type (the avatar's `image/bmp`), or text of
 * the stated type (e.g. `text/plain`).
 */
import type { CatalogEntry } from '../platform/catalog.ts';
import type { RequestDraft } from './request-draft.ts';

export type StartingBody = Pick<
  RequestDraft,
  'bodyMode' | 'json' | 'form' | 'text' | 'textContentType' | 'fileContentType'
>;

const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type) || /^text\/json\b/i.test(type);
const isForm = (type: string) => /^application\/x-www-form-urlencoded\b/i.test(type);
/** Bytes a person picks as a file rather than types: images, media, fonts, archives, PDF. */
export const isBinaryMediaType = (type: string) =>
  /^(image|audio|video|font)\//i.test(type) || /^application\/(octet-stream|pdf|zip|gzip|x-tar)\b/i.test(type);

export function startingBody(entry: Pick<CatalogEntry, 'bodyExample' | 'formExample' | 'endpoint'>): StartingBody {
  const blank: StartingBody = { bodyMode: 'none', json: '', form: [], text: '', textContentType: 'text/plain' };
  const type = entry.endpoint?.body?.contentType.trim() ?? '';
  const form = (entry.formExample ?? []).map(([name, value]) => ({ name, value, enabled: true }));
  if (isForm(type) || (!type && form.length > 0)) return { ...blank, bodyMode: 'form', form };
  if (isJson(type) || (!type && entry.bodyExample))
    return { ...blank, bodyMode: 'json', json: entry.bodyExample ?? '' };
  if (isBinaryMediaType(type)) return { ...blank, bodyMode: 'file', fileContentType: type };
  if (type) return { ...blank, bodyMode: 'text', textContentType: type };
  return blank;
}

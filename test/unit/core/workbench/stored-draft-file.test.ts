import { describe, expect, it } from 'vitest';
import { startingBody } from '../../../../src/core/workbench/described-body.ts';
import { sanitizeRequest } from '../../../../src/core/workbench/history-entry.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { draftForStorage, reviveDraft } from '../../../../src/core/workbench/stored-draft.ts';

describe('a file body kept across a reload', () => {
  it('keeps the file’s name and type, not its bytes; revived, the draft knows which file to ask for', () => {
    const draft = createDraft({
      method: 'PUT',
      path: '/v2/self/avatar',
      bodyMode: 'file',
      fileContentType: 'image/bmp',
      file: { name: 'avatar.bmp', size: 3, base64: 'QUJD' },
    });
    const stored = JSON.parse(JSON.stringify(draftForStorage(draft)));
    expect(JSON.stringify(stored)).not.toContain('QUJD');
    expect(reviveDraft(stored)).toMatchObject({
      bodyMode: 'file',
      fileContentType: 'image/bmp',
      fileLost: 'avatar.bmp',
    });
    expect(reviveDraft(stored)?.file).toBeUndefined();
  });

  it('history keeps no bytes either', () => {
    const clean = sanitizeRequest({
      target: 'api',
      method: 'PUT',
      path: '/v2/self/avatar',
      body: { kind: 'bytes', contentType: 'image/bmp', base64: 'QUJD', fileName: 'avatar.bmp' },
    });
    expect(clean.body).toEqual({ kind: 'bytes', contentType: 'image/bmp', base64: '', fileName: 'avatar.bmp' });
  });

  it('an endpoint described with a binary type starts in File mode with that type', () => {
    const endpoint = { body: { contentType: 'image/bmp' } } as Parameters<typeof startingBody>[0]['endpoint'];
    expect(startingBody({ endpoint })).toMatchObject({ bodyMode: 'file', fileContentType: 'image/bmp' });
  });
});

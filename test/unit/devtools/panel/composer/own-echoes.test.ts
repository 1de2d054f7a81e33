import { describe, expect, it } from 'vitest';
import { createOwnEchoes } from '../../../../../src/devtools/panel/composer/json-editor/own-echoes.ts';

describe('the JSON editor’s own echoes', () => {
  it('takes renders one or more keystrokes late for echoes, never for a change from elsewhere', () => {
    const echoes = createOwnEchoes();
    echoes.reported('{"name": }');
    echoes.reported('{"name": ""}');
    // The render of the first keystroke comes after the second was reported: still an echo (the freeze's case).
    expect(echoes.isEcho('{"name": }')).toBe(true);
    expect(echoes.isEcho('{"name": ""}')).toBe(true);
    // Format: a text the editor never reported.
    expect(echoes.isEcho('{\n  "name": ""\n}')).toBe(false);
  });

  it('drops the older texts when a render skips to a newer one (renders batched)', () => {
    const echoes = createOwnEchoes();
    for (const text of ['{', '{"', '{"a']) echoes.reported(text);
    expect(echoes.isEcho('{"a')).toBe(true);
    // A text from elsewhere that happens to equal an older, skipped one is from elsewhere.
    expect(echoes.isEcho('{')).toBe(false);
  });

  it('keeps a text typed twice waiting for its second render (Backspace back to an earlier text)', () => {
    const echoes = createOwnEchoes();
    for (const text of ['a', 'ab', 'a']) echoes.reported(text);
    expect(echoes.isEcho('a')).toBe(true);
    expect(echoes.isEcho('ab')).toBe(true);
    expect(echoes.isEcho('a')).toBe(true);
    expect(echoes.isEcho('ab')).toBe(false);
  });
});

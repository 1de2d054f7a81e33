// @vitest-environment happy-dom

import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { createDraft, type RequestDraft } from '../../../../../src/core/workbench/request-draft.ts';
import { ChecksEditor } from '../../../../../src/devtools/panel/checks/ChecksEditor.tsx';
import { button, byLabel, choose, click, typeInto, unmountAll } from '../../../support/dom.ts';

afterEach(() => unmountAll());

/** The editor as the composer holds it: every change goes back into the draft, which is drawn again. */
function editor(initial: RequestDraft) {
  const root = document.createElement('div');
  document.body.append(root);
  let draft = initial;
  const draw = () =>
    act(() =>
      render(
        <ChecksEditor
          draft={draft}
          onChange={(patch) => {
            draft = { ...draft, ...patch };
            draw();
          }}
        />,
        root,
      ),
    );
  draw();
  return {
    root,
    draft: () => draft,
    show(next: RequestDraft) {
      draft = next;
      draw();
    },
  };
}

describe('the Tests tab', () => {
  it('adds assertions and captures as rows that become the draft’s checks, and removes them', () => {
    const view = editor(createDraft());
    click(button(view.root, 'Add assertion'));
    choose(byLabel<HTMLSelectElement>(view.root, 'Assertion 1: kind'), 'jq');
    typeInto(byLabel(view.root, 'Assertion 1: jq expression'), 'length');
    choose(byLabel<HTMLSelectElement>(view.root, 'Assertion 1: comparison'), 'equals');
    typeInto(byLabel(view.root, 'Assertion 1: expected value (JSON, or text)'), '2');
    click(button(view.root, 'Add capture'));
    typeInto(byLabel(view.root, 'Capture 1: variable name'), '{applicationId}');
    typeInto(byLabel(view.root, 'Capture 1: jq expression'), '.[0].id');
    expect(view.draft().checks).toEqual({
      assertions: [{ kind: 'jq', expression: 'length', op: 'equals', expected: '2' }],
      captures: [{ variable: 'applicationId', expression: '.[0].id', into: 'run' }],
    });
    click(button(view.root, 'Remove assertion 1'));
    click(button(view.root, 'Remove capture 1'));
    expect(view.draft().checks).toBeUndefined();
  });

  it('keeps status codes as typed, and shows another request’s own codes when it is drawn instead', () => {
    const view = editor(
      createDraft({ checks: { assertions: [{ kind: 'status', op: 'in', values: [200] }], captures: [] } }),
    );
    const codes = () => byLabel(view.root, 'Assertion 1: status codes, separated by commas');
    typeInto(codes(), '200, 20');
    expect(codes().value).toBe('200, 20');
    typeInto(codes(), '200, 204');
    expect(view.draft().checks?.assertions).toEqual([{ kind: 'status', op: 'in', values: [200, 204] }]);
    view.show(createDraft({ checks: { assertions: [{ kind: 'status', op: 'in', values: [404] }], captures: [] } }));
    expect(codes().value).toBe('404');
  });
});

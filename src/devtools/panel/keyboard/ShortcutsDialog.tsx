import { Fragment } from 'preact';
import { Dialog } from '../../../ui/Dialog.tsx';
import { SHORTCUTS } from './shortcuts.ts';

/** The `?` overlay: every shortcut of the panel. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} size="narrow">
      <table class="kh-shortcuts">
        <caption class="kh-visually-hidden">Keyboard shortcuts</caption>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.what}>
              <th scope="row">
                {shortcut.keys.map((key, at) => (
                  <Fragment key={key}>
                    {at > 0 ? ' ' : null}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </th>
              <td>{shortcut.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

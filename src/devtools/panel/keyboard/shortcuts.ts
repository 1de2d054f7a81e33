/**
 * The panel's keyboard shortcuts, in one list: the `?` overlay shows it, and the panel's key handler reads the
 * single-key ones from here. Single keys act only outside text fields, where they would be typed.
 */
export interface Shortcut {
  keys: string[];
  what: string;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['/'], what: 'Search the catalog (its query selected: typing replaces it)' },
  { keys: ['Ctrl', 'K'], what: 'Search the catalog, from anywhere (⌘ K on a Mac)' },
  { keys: ['Ctrl', 'S'], what: 'Save the request: in place if it is saved, else name it (⌘ S on a Mac)' },
  { keys: ['↓', '↑'], what: 'From the search: move through the endpoints (Home, End too)' },
  { keys: ['Enter'], what: 'Open the endpoint in the composer (the first match from the search)' },
  { keys: ['Ctrl', 'Enter'], what: 'Send the request (⌘ Enter on a Mac)' },
  { keys: ['Esc'], what: 'Cancel a call in flight; stop a live stream; close a dialog' },
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['←', '→', 'Enter'], what: 'In the JSON tree: close, open, toggle a node' },
  { keys: ['Ctrl', 'C'], what: 'In the JSON tree: copy the focused value' },
  {
    keys: ['←', '→'],
    what: 'In the request tabs: move between the tabs, their close buttons and New tab (Home, End too)',
  },
  { keys: ['Delete'], what: 'In the request tabs: close the focused tab' },
  { keys: ['Alt', '←', '→'], what: 'In the request tabs: move the focused tab left or right' },
  { keys: ['↑', '↓', '←', '→'], what: 'In the saved requests: move, close and open folders (Home, End too)' },
  { keys: ['F2'], what: 'In the saved requests: rename the current one' },
  { keys: ['Delete'], what: 'In the saved requests: delete the current one (asks first)' },
  { keys: ['Shift', 'F10'], what: 'In the saved requests: its menu (move to a folder, duplicate…)' },
  {
    keys: ['Ctrl', 'F'],
    what: 'Search in the response body, a live stream, or the side view you are in (⌘ F on a Mac)',
  },
  { keys: ['Enter'], what: 'In the body search: next match' },
  { keys: ['Shift', 'Enter'], what: 'In the body search: previous match' },
  { keys: ['Ctrl', '\\'], what: 'Hide or show the side pane (⌘ \\ on a Mac)' },
];

/** Whether a key typed with focus on `target` goes into a text field (where `/` and `?` are text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  const type = (element as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

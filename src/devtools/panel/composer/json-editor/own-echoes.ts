/**
 * Tells the editor's own texts, coming back through the draft store, from a text set elsewhere (Format, an endpoint
 * or a history entry opened).
 *
 * The editor reports every change at once, but the draft comes back to it only through a preact render, later; and
 * preact runs a render's effects late, at the start of the next render. Typed fast, a render therefore hands the
 * editor a text one or more keystrokes old. Comparing it with the last text the editor reported (as before) took it
 * for a change from elsewhere and put it back into the editor; that change was reported, rendered, and its own
 * stale effect put the newer text back: `{"name": }` and `{"name": ""}` swapped forever, all inside preact's
 * microtask render queue, so the task never ended and every page of the extension (one renderer process, one main
 * thread) stopped answering.
 *
 * Here the texts the editor reported wait in order until a render brings them back. A render's text that is one of
 * them is an echo (it and the older ones are dropped); any other text came from elsewhere. The store hands texts
 * to renders in the order they were set, so an echo never comes after a newer text from elsewhere.
 */
export interface OwnEchoes {
  /** The editor reported this text (it is on its way to the draft). */
  reported(text: string): void;
  /** A render brings this text: true if it is one the editor reported (nothing to put back into the editor). */
  isEcho(text: string): boolean;
}

export function createOwnEchoes(): OwnEchoes {
  let waiting: string[] = [];
  return {
    reported(text) {
      waiting.push(text);
    },
    isEcho(text) {
      // The oldest match: typed `a`, `ab`, then Backspace, `a` waits twice and the render of `ab` is still to come.
      const at = waiting.indexOf(text);
      if (at === -1) {
        waiting = [];
        return false;
      }
      waiting = waiting.slice(at + 1);
      return true;
    },
  };
}

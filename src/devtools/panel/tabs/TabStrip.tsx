import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type RequestTab, tabLabel } from '../../../core/workbench/request-tabs.ts';
import { Lazy } from '../../../ui/Lazy.tsx';
import { PopupMenu } from '../../../ui/PopupMenu.tsx';
import { saveActiveTabInPlace } from '../collections/saved-actions.ts';
import { useSaveShortcut } from '../keyboard/use-save-shortcut.ts';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';
import { ROVING, rovingTarget } from './roving-focus.ts';
import './tabs.css';

/**
 * The request tabs above the composer: one button per open request (the current one marked), each with its
 * close button, then “New tab”. A list of buttons rather than an ARIA tablist, because each tab carries its own
 * close button, which a tab may not contain. The tabs, their close buttons and “New tab” are one Tab stop (a
 * toolbar with a roving tabindex; entering it lands on the current tab), so that the way from the catalog to
 * Send does not grow with the tabs open: ←/→ move between them, Home/End to the ends, Delete closes the focused
 * tab, Alt+←/→ on a tab moves it. “Save request…” is a Tab stop of its own.
 *
 * The preview tab (what the catalog, history or a followed id opened, replaced by the next one) is in italics;
 * a double click keeps it. When the tabs overflow, the current one is scrolled into view and a “⌄” button lists
 * them all.
 */
const loadSaveDialog = () => import('../collections/SaveDialog.tsx');

/** How long “Closed …, Reopen” stays beside the strip. */
const CLOSED_NOTE_MS = 10_000;

type Stop = `open:${string}` | `close:${string}` | 'new' | 'all';

export function TabStrip({ workbench }: { workbench: Workbench }) {
  const set = useStore(workbench.tabs);
  const [saving, setSaving] = useState(false);
  const [savedNote, setSavedNote] = useState('');
  // Ctrl+S: a saved request is updated where it is (said beside the button); a new one asks for its name.
  useSaveShortcut(
    useCallback(() => {
      saveActiveTabInPlace(workbench, workbench.saved).then(
        (saved) => {
          if (!saved) return setSaving(true);
          setSavedNote(`Saved “${saved.name}”`);
          setTimeout(() => setSavedNote(''), 4000);
        },
        () => setSaving(true),
      );
    }, [workbench]),
  );
  // A tab just closed (closing asks nothing): said beside the strip for a while, with the way to reopen it.
  const closed = useStore(workbench.closedTabs);
  const [closedShown, setClosedShown] = useState<RequestTab>();
  const closedBefore = useRef(closed);
  // Its time is up, but Reopen has focus or the pointer: the note goes when they leave it (else a keyboard user who
  // reached it late was left on nothing, and a pointer about to click it saw it go).
  const closedExpired = useRef(false);
  const reopenButton = useRef<HTMLButtonElement>(null);
  const reopenHovered = useRef(false);
  const hideReopenIfExpired = () => {
    const held = document.activeElement === reopenButton.current || reopenHovered.current;
    if (closedExpired.current && !held) setClosedShown(undefined);
  };
  useEffect(() => {
    const before = closedBefore.current;
    closedBefore.current = closed;
    const last = closed.at(-1);
    if (last && last !== before.at(-1) && !before.includes(last)) {
      setClosedShown(last);
      closedExpired.current = false;
      const timer = setTimeout(() => {
        closedExpired.current = true;
        hideReopenIfExpired();
      }, CLOSED_NOTE_MS);
      return () => clearTimeout(timer);
    }
    // Reopened (here or by the keyboard): the note goes.
    setClosedShown((shown) => (shown && closed.includes(shown) ? shown : undefined));
  }, [closed]);
  // A button removed under the pointer (Reopen clicked) gets no mouseleave: the next note must not start held.
  useEffect(() => {
    if (!closedShown) reopenHovered.current = false;
  }, [closedShown]);
  const note = savedNote || (closedShown ? `Closed “${tabLabel(closedShown)}”` : '');
  // The control that is the toolbar's Tab stop; null (or a closed tab's) means the current tab.
  const [stop, setStop] = useState<Stop | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [listing, setListing] = useState<{ x: number; y: number }>();
  // The current tab in view whenever it, the labels or the strip's width change (not on every keystroke in the
  // composer, which also updates the set); the list button only when needed.
  const layoutKey = `${set.activeId}\n${set.tabs.map((tab) => `${tabLabel(tab)}${tab.preview ? '*' : ''}`).join('\n')}`;
  useEffect(() => {
    const list = strip.current;
    if (!list) return;
    const check = () => {
      setOverflows(list.scrollWidth > list.clientWidth + 1);
      const current = list.querySelector<HTMLElement>('.kh-request-tab--current');
      if (!current) return;
      const left = current.offsetLeft - list.offsetLeft;
      const right = left + current.offsetWidth;
      if (left < list.scrollLeft) list.scrollLeft = left;
      else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth;
    };
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(list);
    return () => observer.disconnect();
  }, [layoutKey]);
  const exists = (key: Stop | null) =>
    key === 'new' || key === 'all' || (key !== null && set.tabs.some((tab) => key.endsWith(`:${tab.id}`)));
  const tabStop: Stop = exists(stop) ? (stop as Stop) : `open:${set.activeId}`;
  const rove = (key: Stop) => ({
    [ROVING]: key,
    tabIndex: key === tabStop ? 0 : -1,
    onFocus: () => setStop(key),
  });

  /** Closes a tab from the keyboard, and puts focus on the tab that is current afterwards. */
  const closeFromKeyboard = (id: string) => {
    workbench.closeTab(id);
    setStop(null);
    requestAnimationFrame(() =>
      group.current?.querySelector<HTMLElement>('.kh-request-tab--current .kh-request-tab-open')?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const key = target.getAttribute(ROVING) ?? '';
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Delete' && (key.startsWith('open:') || key.startsWith('close:'))) {
      event.preventDefault();
      closeFromKeyboard(key.slice(key.indexOf(':') + 1));
      return;
    }
    const next = group.current ? rovingTarget(group.current, target, event.key) : null;
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  return (
    <div class="kh-request-tabs">
      <div
        ref={group}
        class="kh-request-tab-bar"
        role="toolbar"
        aria-label="Request tabs"
        onKeyDown={onKeyDown}
        onFocusOut={(event) => {
          // Leaving the toolbar: the next visit starts again on the current tab.
          if (!group.current?.contains(event.relatedTarget as Node | null)) setStop(null);
        }}
      >
        <ul ref={strip} class="kh-request-tab-list">
          {set.tabs.map((tab) => {
            const label = tabLabel(tab);
            const current = tab.id === set.activeId;
            return (
              <li
                key={tab.id}
                class={`kh-request-tab${current ? ' kh-request-tab--current' : ''}${tab.preview ? ' kh-request-tab--preview' : ''}`}
              >
                <button
                  type="button"
                  class="kh-request-tab-open kh-mono"
                  aria-current={current ? 'true' : undefined}
                  aria-keyshortcuts="Delete Alt+ArrowLeft Alt+ArrowRight"
                  title={`${tab.draft.method} ${tab.draft.path}${tab.preview ? '\nPreview: the next endpoint opened replaces it; edit, send or double-click to keep it' : ''}`}
                  {...rove(`open:${tab.id}`)}
                  onClick={() => workbench.selectTab(tab.id)}
                  onDblClick={() => workbench.keepTab(tab.id)}
                  onKeyDown={(event) => {
                    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
                    event.preventDefault();
                    workbench.moveTab(tab.id, event.key === 'ArrowLeft' ? -1 : 1);
                    const target = event.currentTarget as HTMLElement;
                    requestAnimationFrame(() => target.focus());
                  }}
                >
                  {label}
                </button>
                <button
                  type="button"
                  class="kh-request-tab-close"
                  aria-label={`Close tab ${label}`}
                  title="Close tab (Delete)"
                  {...rove(`close:${tab.id}`)}
                  onClick={(event) => {
                    // From the keyboard (Enter, Space), focus stays in the toolbar; a click leaves it be.
                    if (event.detail === 0) closeFromKeyboard(tab.id);
                    else workbench.closeTab(tab.id);
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        {overflows ? (
          <button
            type="button"
            class="kh-button kh-button--small kh-request-tab-all"
            aria-label={`All ${set.tabs.length} tabs`}
            aria-haspopup="menu"
            aria-expanded={listing ? 'true' : 'false'}
            title="All tabs"
            {...rove('all')}
            onClick={(event) => {
              const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
              setListing({ x: box.left, y: box.bottom });
            }}
          >
            ⌄ {set.tabs.length}
          </button>
        ) : null}
        <button
          type="button"
          class="kh-button kh-button--small kh-request-tab-new"
          aria-label="New tab"
          title="New tab"
          {...rove('new')}
          onClick={() => {
            workbench.newTab();
            setStop(null);
            // The path selected, not just focused: what is typed replaces /v2/self (the caret at its end made a
            // typed /v2/products/zones into /v2/self/v2/products/zones).
            requestAnimationFrame(() => {
              const path = document.querySelector<HTMLInputElement>('.kh-composer input[aria-label="Path"]');
              path?.focus();
              path?.select();
            });
          }}
        >
          +
        </button>
      </div>
      <button
        type="button"
        class="kh-button kh-button--small"
        title="Save this tab’s request (name and folder) — Ctrl+S"
        aria-keyshortcuts="Control+S"
        onClick={() => setSaving(true)}
      >
        Save request…
      </button>
      {/* Cut with an ellipsis when the strip needs the room: the whole text on hover. */}
      <span class="kh-muted kh-saved-note" role="status" title={note || undefined}>
        {note}
      </span>
      {closedShown ? (
        <button
          type="button"
          class="kh-button kh-button--small"
          // Named: the note beside it may be saying “Saved …” by now (Ctrl+S within the note's time).
          aria-label={`Reopen “${tabLabel(closedShown)}”`}
          title={`Open “${tabLabel(closedShown)}” again, as it was`}
          ref={reopenButton}
          onBlur={hideReopenIfExpired}
          onMouseEnter={() => {
            reopenHovered.current = true;
          }}
          onMouseLeave={() => {
            reopenHovered.current = false;
            hideReopenIfExpired();
          }}
          onClick={() => {
            // Refused (all tabs open, said in the composer): the note stays, the tab still one click away.
            if (!workbench.reopenTab()) return;
            setClosedShown(undefined);
            // This button goes with the note: focus goes to the tab reopened, not to the page.
            setStop(null);
            requestAnimationFrame(() =>
              group.current?.querySelector<HTMLElement>('.kh-request-tab--current .kh-request-tab-open')?.focus(),
            );
          }}
        >
          Reopen
        </button>
      ) : null}
      {listing ? (
        <PopupMenu
          label="Open tabs"
          at={listing}
          onClose={() => {
            setListing(undefined);
            group.current?.querySelector<HTMLElement>('.kh-request-tab--current .kh-request-tab-open')?.focus();
          }}
          actions={set.tabs.map((tab) => ({
            label: `${tabLabel(tab)}${tab.preview ? ' (preview)' : ''}`,
            checked: tab.id === set.activeId,
            run: () => workbench.selectTab(tab.id),
          }))}
        />
      ) : null}
      {saving ? (
        <Lazy
          load={loadSaveDialog}
          props={{ workbench, onClose: () => setSaving(false) }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
    </div>
  );
}

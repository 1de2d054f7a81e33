import { useState } from 'preact/hooks';
import { tabLabel } from '../../../core/workbench/request-tabs.ts';
import { Lazy } from '../../../ui/Lazy.tsx';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';
import './tabs.css';

/**
 * The request tabs above the composer: one button per open request (the current one marked), each with its
 * close button, then “New tab”. A list of buttons rather than an ARIA tablist, because each tab carries its own
 * close button, which a tab may not contain. Alt+←/→ on a tab moves it.
 */
const loadSaveDialog = () => import('../collections/SaveDialog.tsx');

export function TabStrip({ workbench }: { workbench: Workbench }) {
  const set = useStore(workbench.tabs);
  const [saving, setSaving] = useState(false);
  return (
    <div class="kh-request-tabs">
      <ul class="kh-request-tab-list" aria-label="Request tabs">
        {set.tabs.map((tab) => {
          const label = tabLabel(tab);
          const current = tab.id === set.activeId;
          return (
            <li key={tab.id} class={`kh-request-tab${current ? ' kh-request-tab--current' : ''}`}>
              <button
                type="button"
                class="kh-request-tab-open kh-mono"
                aria-current={current ? 'true' : undefined}
                title={`${tab.draft.method} ${tab.draft.path}`}
                onClick={() => workbench.selectTab(tab.id)}
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
                title="Close tab"
                onClick={() => workbench.closeTab(tab.id)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        class="kh-button kh-button--small kh-request-tab-new"
        aria-label="New tab"
        title="New tab"
        onClick={() => {
          workbench.newTab();
          requestAnimationFrame(() => document.querySelector<HTMLElement>('.kh-composer [aria-label="Path"]')?.focus());
        }}
      >
        +
      </button>
      <button
        type="button"
        class="kh-button kh-button--small"
        title="Save this tab’s request (name and folder)"
        onClick={() => setSaving(true)}
      >
        Save request…
      </button>
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

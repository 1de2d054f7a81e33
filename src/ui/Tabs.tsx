import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

/**
 * A tab list with the keyboard behaviour users expect (WAI-ARIA tabs): one tab in the Tab order, arrows move
 * and select, Home/End jump. The caller renders the panel with `tabPanelProps(idBase, selected)`.
 */
export interface TabItem {
  id: string;
  label: ComponentChildren;
  /** Extra text after the label (a count), kept out of the accessible name's start. */
  badge?: ComponentChildren;
}

export function tabId(idBase: string, id: string): string {
  return `${idBase}-tab-${id}`;
}

/** Props for the selected tab's panel. Pass `focusable` when the panel has no focusable content of its own. */
export function tabPanelProps(idBase: string, selected: string, focusable = false) {
  return {
    id: `${idBase}-panel-${selected}`,
    role: 'tabpanel',
    'aria-labelledby': tabId(idBase, selected),
    tabIndex: focusable ? 0 : undefined,
  } as const;
}

export function Tabs({
  idBase,
  label,
  tabs,
  selected,
  onSelect,
  orientation = 'horizontal',
  class: className = '',
}: {
  idBase: string;
  label: string;
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  orientation?: 'horizontal' | 'vertical';
  class?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const forward = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const backward = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    let next = -1;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === backward) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next] as TabItem;
    onSelect(tab.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, tab.id))}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      class={`kh-tabs kh-tabs--${orientation} ${className}`}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const isSelected = tab.id === selected;
        return (
          <button
            type="button"
            role="tab"
            key={tab.id}
            id={tabId(idBase, tab.id)}
            aria-selected={isSelected}
            aria-controls={isSelected ? `${idBase}-panel-${tab.id}` : undefined}
            tabIndex={isSelected ? 0 : -1}
            class="kh-tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
            {tab.badge !== undefined ? <span class="kh-tab-badge">{tab.badge}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

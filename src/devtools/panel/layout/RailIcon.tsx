/**
 * A view's label in the rail with a small glyph before it. When the panel is narrow the rail shows the glyphs
 * only (panel.css): the label stays in the tab's accessible name and its tooltip.
 */
const GLYPHS: Record<string, string> = {
  catalog: '☰',
  saved: '★',
  history: '↺',
  capture: '◉',
  runner: '▶',
  rights: '✓',
  tokens: '⚷',
  invoices: '€',
};

export function RailLabel({ id, label }: { id: string; label: string }) {
  return (
    <span class="kh-rail-label" title={label}>
      {/* The glyph is generated content with empty alternative text (panel.css): not part of the tab's name or text. */}
      <span class="kh-rail-icon" aria-hidden="true" data-glyph={GLYPHS[id] ?? label.slice(0, 1)} />
      <span class="kh-rail-text">{label}</span>
    </span>
  );
}

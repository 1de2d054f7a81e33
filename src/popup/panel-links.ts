/** The DevTools panel page opened as a tab, at the invoices view of one organisation (the panel owns the route). */
export function buildInvoicesPanelPath(organisationId: string): string {
  return `src/devtools/panel.html#invoices?org=${encodeURIComponent(organisationId)}`;
}

/** The DevTools panel page opened as a tab, at the invoices view of one organisation (the panel owns the route). */
export function buildInvoicesPanelPath(organisationId: string): string {
  return `src/devtools/panel.html#invoices?org=${encodeURIComponent(organisationId)}`;
}

/**
 * The panel opened as a tab, streaming an application's logs or access logs ("Tail logs", "Access logs"); the
 * address is core/streams/log-route.ts's, spelled out here to keep the popup's script small.
 */
export function buildLogsPanelPath(ownerId: string, appId: string, kind: string): string {
  const encode = encodeURIComponent;
  return `src/devtools/panel.html#catalog?tail=${kind}&owner=${encode(ownerId)}&app=${encode(appId)}`;
}

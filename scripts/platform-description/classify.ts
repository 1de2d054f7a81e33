/**
 * Keyhole's grouping of endpoints for the catalog, and the summary of an endpoint no source describes, both
 * derived from the canonical path (so they are labelled `generated`, never passed off as the platform's words).
 */
import { idKindOfPlaceholder } from '../../src/core/platform/id-kinds.ts';

export const GROUPS: readonly { id: string; label: string }[] = [
  { id: 'oauth', label: 'OAuth 1.0a' },
  { id: 'account', label: 'Account' },
  { id: 'organisations', label: 'Organisations' },
  { id: 'applications', label: 'Applications' },
  { id: 'addons', label: 'Add-ons' },
  { id: 'consumers', label: 'OAuth consumers' },
  { id: 'billing', label: 'Billing' },
  { id: 'products', label: 'Products' },
  { id: 'logs', label: 'Logs and drains' },
  { id: 'metrics', label: 'Metrics' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'network-groups', label: 'Network groups' },
  { id: 'functions', label: 'Functions' },
  { id: 'addon-providers', label: 'Add-on providers (vendors)' },
  { id: 'github', label: 'GitHub' },
  { id: 'api-tokens', label: 'Bridge: API tokens' },
  { id: 'other', label: 'Other' },
];

const RULES: [RegExp, string][] = [
  [/^\/api-tokens/, 'api-tokens'],
  [/^\/v2\/oauth\//, 'oauth'],
  [/^\/v2\/(authenticate|authorize|oidc|sessions?|password_forgotten)\b|^\/v4\/console\//, 'account'],
  [/\/vat_check\b/, 'billing'],
  [/^\/v2\/(backups|providers)\/|^\/v\d\/(saas|materia)\//, 'addons'],
  [/^\/v4\/iam\//, 'organisations'],
  [/^\/v2\/github/, 'github'],
  [/^\/v\d\/(logs|drains|accesslogs)\b|\/logs?-?(socket|chunked)?\/|\/drains\b/, 'logs'],
  [/^\/v2\/notifications\//, 'notifications'],
  [/networkgroups/, 'network-groups'],
  [/^\/v4\/functions\//, 'functions'],
  [/\/(metrics|stats|w10tokens|warp)\b/, 'metrics'],
  [
    /\/(billing|payments|invoices|credits|consumptions|coupons|bills|billings|price-system|prices|fullprice)\b/,
    'billing',
  ],
  [/\/consumers\b/, 'consumers'],
  [/\/(addonproviders|vendor)\b/, 'addon-providers'],
  [/\/(applications|application)\b/, 'applications'],
  [/\/addons?\b|\/addon-providers\//, 'addons'],
  [/^\/v\d\/products\b|\/zones\b/, 'products'],
  [/^\/v\d\/organisations\b/, 'organisations'],
  [/^\/v2\/(self|summary|users|password_forgotten|sessions?|emails?)\b/, 'account'],
];

export function groupOf(path: string): string {
  return RULES.find(([pattern]) => pattern.test(path))?.[1] ?? 'other';
}

/** `getApplicationBranches` / `application-branches` / `tcp_redirs` → "application branches". */
export function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_.]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** `ListInvoiceCommand` → "List invoice", from a client command's class name (a fact of the client). */
export function summaryFromCommand(className: string): string {
  const words = humanise(className.replace(/(Inner)?Command(Inner|Legacy)?$/, '').replace(/^Inner|Inner$/g, ''));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const VERBS: Record<string, [string, string]> = {
  GET: ['Read', 'Get one'],
  HEAD: ['Check', 'Check one'],
  POST: ['Create or call', 'Act on'],
  PUT: ['Set', 'Set'],
  PATCH: ['Update', 'Update'],
  DELETE: ['Delete', 'Delete'],
};

/** "Read branches of the application", from the method and the canonical path alone. */
export function summaryFromPath(method: string, path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && !/^v\d+$/.test(segment));
  // `{invoiceNumber}.pdf`: one item in a format.
  const format = /^\{([^}]+)\}\.(\w+)$/.exec(segments.at(-1) ?? '');
  if (format) {
    const item = `/${[...segments.slice(0, -1), `{${format[1]}}`].join('/')}`;
    return `${summaryFromPath(method, item)} as ${(format[2] as string).toUpperCase()}`;
  }
  const last = segments.at(-1) ?? '';
  const endsWithPlaceholder = /^\{[^}]+\}$/.test(last);
  const [collectionVerb, itemVerb] = VERBS[method] ?? ['Call', 'Call'];
  const owner = [...segments]
    .reverse()
    .slice(endsWithPlaceholder ? 1 : 0)
    .find((segment) => /^\{[^}]+\}$/.test(segment));
  const ownerKind = owner ? idKindOfPlaceholder(owner.slice(1, -1)) : undefined;
  const ofOwner = ownerKind ? ` of the ${ownerKind.label}` : '';
  if (endsWithPlaceholder) {
    const kind = idKindOfPlaceholder(last.slice(1, -1));
    const what = kind?.label ?? humanise(segments.at(-2) ?? 'item');
    return `${itemVerb} ${what}${ofOwner}`;
  }
  const lastPlaceholder = segments.map((segment) => segment.includes('{')).lastIndexOf(true);
  const literal = lastPlaceholder >= 0 ? segments.slice(lastPlaceholder + 1) : segments.slice(-2);
  const what = humanise(literal.join(' ').replace(/\{[^}]*\}/g, '')) || 'resource';
  return `${collectionVerb} ${what}${ofOwner}`;
}

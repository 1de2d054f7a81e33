/**
 * The kinds of id the platform's paths take (organisation, application, add-on, consumer, API token, invoice…),
 * recognised from a placeholder's name and the path segment before it. Each kind has one canonical placeholder
 * name, so that a value chosen for one endpoint carries over to the next, and the composer knows which picker to
 * offer. Used by the description's generator (to rename placeholders) and by the pickers (to list values).
 */

export interface IdKind {
  id: string;
  /** What the picker's hint calls it. */
  label: string;
  /** The placeholder name the description uses for this kind. */
  placeholder: string;
}

export const ID_KINDS = [
  { id: 'organisation', label: 'organisation', placeholder: 'organisationId' },
  { id: 'application', label: 'application', placeholder: 'applicationId' },
  { id: 'addon', label: 'add-on', placeholder: 'addonId' },
  { id: 'addon-real-id', label: 'add-on (its provider’s id)', placeholder: 'addonRealId' },
  { id: 'consumer', label: 'OAuth consumer', placeholder: 'consumerKey' },
  { id: 'api-token', label: 'API token', placeholder: 'apiTokenId' },
  { id: 'oauth-token', label: 'OAuth token', placeholder: 'oauthToken' },
  { id: 'invoice', label: 'invoice', placeholder: 'invoiceNumber' },
  { id: 'drain', label: 'log drain', placeholder: 'drainId' },
  { id: 'webhook', label: 'webhook', placeholder: 'webhookId' },
  { id: 'emailhook', label: 'e-mail notification', placeholder: 'emailhookId' },
  { id: 'env-var', label: 'environment variable', placeholder: 'envName' },
  { id: 'ssh-key', label: 'SSH key', placeholder: 'keyName' },
  { id: 'member', label: 'member', placeholder: 'memberId' },
  { id: 'deployment', label: 'deployment', placeholder: 'deploymentId' },
  { id: 'instance', label: 'instance', placeholder: 'instanceId' },
  { id: 'domain', label: 'domain', placeholder: 'domain' },
  { id: 'tag', label: 'tag', placeholder: 'tag' },
  { id: 'network-group', label: 'network group', placeholder: 'networkGroupId' },
  { id: 'network-group-peer', label: 'network group peer', placeholder: 'peerId' },
  { id: 'network-group-member', label: 'network group member', placeholder: 'networkGroupMemberId' },
  { id: 'addon-provider', label: 'add-on provider', placeholder: 'providerId' },
  { id: 'plan', label: 'plan', placeholder: 'planId' },
  { id: 'feature', label: 'feature', placeholder: 'featureId' },
  { id: 'migration', label: 'migration', placeholder: 'migrationId' },
  { id: 'payment-method', label: 'payment method', placeholder: 'paymentMethodId' },
  { id: 'email', label: 'e-mail address', placeholder: 'email' },
  { id: 'zone', label: 'zone', placeholder: 'zoneName' },
  { id: 'tcp-redirection', label: 'TCP redirection', placeholder: 'sourcePort' },
  { id: 'user', label: 'user', placeholder: 'userId' },
  { id: 'function', label: 'function', placeholder: 'functionId' },
  { id: 'mfa-kind', label: 'MFA kind', placeholder: 'mfaKind' },
] as const satisfies readonly IdKind[];

export type IdKindId = (typeof ID_KINDS)[number]['id'];

const BY_ID = new Map<string, IdKind>(ID_KINDS.map((kind) => [kind.id, kind]));
const BY_PLACEHOLDER = new Map<string, IdKind>(ID_KINDS.map((kind) => [kind.placeholder, kind]));

export function idKind(id: string): IdKind | undefined {
  return BY_ID.get(id);
}

/** The kind whose canonical placeholder this is (`organisationId` → organisation). */
export function idKindOfPlaceholder(name: string): IdKind | undefined {
  return BY_PLACEHOLDER.get(name);
}

/**
 * Rules: the segment before a placeholder (or `*` for any) and the names it takes there. First match wins, so
 * the specific rules (a network group's members) come before the general ones (an organisation's members).
 */
const RULES: { kind: IdKindId; after: string | RegExp; names: RegExp; within?: RegExp }[] = [
  { kind: 'network-group-member', after: 'members', names: /^(memberId|id)$/, within: /\/networkgroups\// },
  { kind: 'network-group-peer', after: /^(peers|external-peers)$/, names: /^(peerId|externalPeerId|id)$/ },
  { kind: 'network-group', after: 'networkgroups', names: /^(networkGroupId|ngId|id)$/ },
  { kind: 'organisation', after: 'organisations', names: /^(id|ownerId|orgaId|organisationId|orgId)$/ },
  { kind: 'organisation', after: /^(webhooks|emailhooks)$/, names: /^(ownerId|orgaId)$/ },
  { kind: 'organisation', after: 'read', names: /^(orgaId|ownerId)$/ },
  { kind: 'organisation', after: '*', names: /^(ownerId|orgaId|organisationId)$/ },
  { kind: 'webhook', after: '*', names: /^(id|webhookNotificationId)$/, within: /\/webhooks\// },
  { kind: 'emailhook', after: '*', names: /^(id|emailNotificationId)$/, within: /\/emailhooks\// },
  {
    kind: 'application',
    after: /^(applications|application|logs|logs-socket|logs-chunked)$/,
    names: /^(appId|applicationId|id)$/,
  },
  { kind: 'application', after: 'dependencies', names: /^(dependencyId|appId|applicationId|targetApplicationId)$/ },
  { kind: 'application', after: '*', names: /^(appId|applicationId)$/ },
  { kind: 'addon', after: /^(addons|apps)$/, names: /^(addonId|id)$/ },
  { kind: 'addon', after: '*', names: /^(addonId|targetAddonId)$/ },
  {
    kind: 'addon-real-id',
    after: '*',
    names:
      /^(matomoId|configurationProviderId|tardisId|kvId|KVId|pulsarId|elasticsearchId|jenkinsId|keycloakId|otoroshiId|metabaseId|materiaId|realId|resourceId|grafanaId|mongoId|mysqlId|postgresqlId|redisId)$/,
  },
  { kind: 'consumer', after: 'consumers', names: /^(key|consumerKey|oauthConsumerKey|id)$/ },
  { kind: 'api-token', after: 'api-tokens', names: /^(apiTokenId|id|tokenId)$/ },
  { kind: 'oauth-token', after: 'tokens', names: /^(token)$/, within: /^\/v2\/self\/tokens\// },
  { kind: 'invoice', after: /^(invoices|billings)$/, names: /^(invoiceNumber|bid|id|number)$/ },
  { kind: 'invoice', after: '*', names: /^invoiceNumber$/ },
  { kind: 'drain', after: 'drains', names: /^(drainId|idOrUrl|id)$/ },
  { kind: 'env-var', after: 'env', names: /^(envName|name)$/ },
  { kind: 'ssh-key', after: 'keys', names: /^(key|keyName|name)$/, within: /\/self\/keys\// },
  { kind: 'member', after: 'members', names: /^(memberId|userId|id)$/ },
  { kind: 'deployment', after: 'deployments', names: /^(deploymentId|id)$/ },
  { kind: 'instance', after: 'instances', names: /^(instanceId|id)$/ },
  { kind: 'domain', after: 'vhosts', names: /^(domain|fqdn)$/ },
  { kind: 'tag', after: 'tags', names: /^(tag|name)$/ },
  {
    kind: 'addon-provider',
    after: /^(addonproviders|addon-providers)$/,
    names: /^(providerId|provider_id|addonProviderId|id)$/,
  },
  { kind: 'plan', after: 'plans', names: /^(planId|id)$/ },
  { kind: 'feature', after: 'features', names: /^(featureId|featureName|id)$/ },
  { kind: 'migration', after: 'migrations', names: /^(migrationId|id)$/ },
  { kind: 'payment-method', after: 'methods', names: /^(mId|methodId|paymentMethodId|token|id)$/ },
  { kind: 'email', after: 'emails', names: /^(email|address)$/ },
  { kind: 'zone', after: 'zones', names: /^(zoneName|zone|zoneId|name|id)$/ },
  { kind: 'tcp-redirection', after: 'tcpRedirs', names: /^(sourcePort|port)$/ },
  { kind: 'user', after: 'users', names: /^(id|userId)$/ },
  { kind: 'function', after: 'functions', names: /^(functionId|id)$/ },
  { kind: 'mfa-kind', after: 'mfa', names: /^(kind)$/ },
];

/**
 * The kind of id a placeholder holds, from its name, the literal segment before it and the whole template
 * (`/v2/organisations/{id}/addons` → organisation). Undefined when no rule knows it.
 */
export function recogniseIdKind(name: string, previousSegment: string, template: string): IdKind | undefined {
  for (const rule of RULES) {
    if (!rule.names.test(name)) continue;
    const after =
      rule.after === '*'
        ? true
        : typeof rule.after === 'string'
          ? rule.after === previousSegment
          : rule.after.test(previousSegment);
    if (!after) continue;
    if (rule.within && !rule.within.test(template)) continue;
    return BY_ID.get(rule.kind);
  }
  // A canonical name anywhere else (the overlay writes them) keeps its kind.
  return idKindOfPlaceholder(name);
}

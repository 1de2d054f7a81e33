/**
 * Recognises the kind of id a source's placeholder holds, from its name, the literal segment before it and the
 * whole template (`/v2/organisations/{id}/addons` → organisation). Used by the description's generator to give
 * placeholders their canonical names, and by tests.
 */
import { ID_KINDS, type IdKind, type IdKindId, idKindOfPlaceholder } from './id-kinds.ts';

const BY_ID = new Map<string, IdKind>(ID_KINDS.map((kind) => [kind.id, kind]));

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

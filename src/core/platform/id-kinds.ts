/**
 * The kinds of id the platform's paths take (organisation, application, add-on, consumer, API token, invoice…).
 * Each kind has one canonical placeholder name, so that a value chosen for one endpoint carries over to the next,
 * and the composer knows which picker to offer. The generator recognises kinds in the sources' paths with
 * recognise-id-kind.ts (kept apart: the panel only needs this list).
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

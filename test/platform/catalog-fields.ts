/**
 * Fields the official client (`@clevercloud/client`) reads from records of the catalog responder's routes where
 * the platform's OpenAPI description has no schema or a thinner one: a record lacking them makes its transforms
 * fail. Transcribed from the client's sources, `pattern: 'field field …'`; openapi-examples.ts gives each a value.
 */
export const CLIENT_FIELDS: Readonly<Record<string, string>> = {
  '/v4/console/settings/:name': 'value',
  '/v2/organisations/:orgId/applications/:appId/deployments/:deploymentId':
    'uuid id date state action commit cause instances author',
  '/v2/organisations/:orgId/applications/:appId/vhosts': 'fqdn',
  '/v2/organisations/:orgId/applications/:appId/vhosts/favourite': 'fqdn',
  '/v4/load-balancers/organisations/:orgId/applications/:appId/load-balancers/:loadBalancerKind': 'id name zoneId dns',
  '/v4/load-balancers/organisations/:orgId/applications/:appId/load-balancers/default': 'id name zoneId dns',
  '/v4/orchestration/organisations/:orgId/applications/:appId/instances':
    'id ownerId applicationId deploymentId name flavor index state hypervisorId creationDate network isBuildVm',
  '/v4/orchestration/organisations/:orgId/applications/:appId/instances/:instanceId':
    'id ownerId applicationId deploymentId name flavor index state hypervisorId creationDate network isBuildVm',
  '/v2/backups/:orgId/:addonId':
    'backup_id entity_id status creation_date delete_at download_url link restore_command delete_command',
  '/v2/organisations/:orgId/addons/:addonId/migrations': 'migrationId requestDate steps status',
  '/v2/organisations/:orgId/addons/:addonId/migrations/:migrationId': 'migrationId requestDate steps status',
  '/v2/organisations/:orgId/addons/:addonId/migrations/preorders':
    'ownerId target emissionDate name company VAT type lines',
  '/v2/organisations/:orgId/addons/:addonId/sso':
    'url id timestamp token signature email name user_id userinfo_signature',
  '/v2/providers/es-addon/:addonId':
    'id owner_id app_id plan zone config version backups kibana_application apm_application services features',
  '/v2/providers/es-addon/tmp/services-flavors': 'services',
  '/v2/saas/heptapod/:orgId/heptapod.host/price-prevision': 'public_active_users private_active_users storage price',
  '/v4/addon-providers/:providerId': 'clusters dedicated defaultDedicatedVersion',
  '/v4/addon-providers/:providerId/addons/:addonId': 'id host port user password database',
  '/v4/addon-providers/addon-pulsar/addons/:addonId':
    'id tenant namespace cluster_id token creation_date ask_for_deletion_date deletion_date status plan cold_storage_id cold_storage_linked cold_storage_must_be_provided',
  '/v4/addon-providers/addon-pulsar/clusters/:clusterId':
    'id url pulsar_port pulsar_tls_port web_port web_tls_port version available zone support_cold_storage supported_plans',
  '/v4/addon-providers/jenkins/addons/:addonId':
    'id app_id plan zone creation_date deletion_date status host user password version artifactory_url artifactory_user artifactory_password features',
  '/v4/load-balancers/organisations/:orgId/addons/:addonId/load-balancers/:loadBalancerKind': 'id name zoneId dns',
  '/v2/vat_check': 'valid',
  '/v4/billing/organisations/:orgId/payments/methods': 'ownerId type token isDefault number',
  '/v4/billing/organisations/:orgId/payments/stripe/intent': 'id clientSecret customer',
  '/v4/billing/organisations/:orgId/price-system': 'zone_id currency runtime countable',
  '/v2/products/instances/:type-:version':
    'type version name variant description enabled comingSoon maxInstances tags deployments flavors defaultFlavor buildFlavor',
  '/v4/drains/organisations/:orgId/applications/:appId/drains': 'id resourceId status kind recipient execution backlog',
  '/v4/drains/organisations/:orgId/applications/:appId/drains/:drainId':
    'id resourceId status kind recipient execution backlog',
  '/v2/notifications/emailhooks/:orgId': 'id ownerId name notified events scope createdAt',
  '/v2/notifications/info/events': 'events meta_events',
  '/v2/organisations/:orgId/addonproviders/:providerId':
    'id name website supportEmail googlePlusName twitterName analyticsId shortDesc longDesc logoUrl status openInNewTab canUpgrade regions',
  '/v2/organisations/:orgId/addonproviders/:providerId/features': 'name type name_code',
  '/v2/organisations/:orgId/addonproviders/:providerId/plans': 'id name price slug zones price_id features',
};

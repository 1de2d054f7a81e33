/**
 * The spec's eleven OAuth rights (§2), names only: the worker needs just these, while the meanings and the
 * rights-browser logic in rights.ts stay out of its bundle.
 */
export const SPEC_RIGHTS = [
  'access_organisations',
  'access_organisations_bills',
  'access_organisations_consumption_statistics',
  'access_organisations_credit_count',
  'access_personal_information',
  'manage_organisations',
  'manage_organisations_applications',
  'manage_organisations_members',
  'manage_organisations_services',
  'manage_personal_information',
  'manage_ssh_keys',
] as const;

export type SpecRight = (typeof SPEC_RIGHTS)[number];

export function isSpecRight(name: string): name is SpecRight {
  return (SPEC_RIGHTS as readonly string[]).includes(name);
}

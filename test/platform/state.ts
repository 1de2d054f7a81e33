/** The sandbox's whole in-memory world. Tests read it through `platform.state`. */
import type { Right } from './defaults.ts';
import { NonceStore } from './oauth/nonces.ts';
import type { SignatureMethod } from './oauth/signature.ts';
import type { AddonProvider } from './seed-products.ts';

export interface User {
  id: string;
  email: string;
  password: string;
  name: string;
  phone: string;
  address: string;
  city: string;
  zipcode: string;
  country: string;
  avatar: string;
  creationDate: number;
  lang: string;
  emailValidated: boolean;
  admin: boolean;
  canPay: boolean;
  /** Confirmed addresses besides the primary `email` (`/v2/self/emails`). */
  secondaryEmails: string[];
  /** Base32 TOTP secret when MFA is on. */
  totpSecret?: string;
  /** A TOTP secret issued by `POST /v2/self/mfa/totp`, until a code confirms it (resources-self-mfa.ts). */
  pendingTotpSecret?: string;
  /** Single-use recovery codes issued when MFA is confirmed. */
  backupCodes?: string[];
}

export type Role = 'ADMIN' | 'MANAGER' | 'DEVELOPER' | 'ACCOUNTING';

export interface Organisation {
  id: string;
  /** Personal organisations share the user's id and are reached through /v2/self. */
  personal: boolean;
  name: string;
  description: string;
  billingEmail: string;
  address: string;
  city: string;
  zipcode: string;
  country: string;
  company: string;
  VAT: string;
  avatar: string;
  vatState: string;
  customerFullName: string;
  canPay: boolean;
  cleverEnterprise: boolean;
  emergencyNumber: string;
  canSEPA: boolean;
  members: Member[];
}

export interface Member {
  userId: string;
  role: Role;
  job?: string;
}

export interface EnvVar {
  name: string;
  value: string;
}

/** An application as the API returns it, plus where it lives. */
export interface Application {
  ownerId: string;
  tags: string[];
  env: EnvVar[];
  /** Variables this application publishes to the applications that depend on it (`exposed_env`). */
  exposedEnv: EnvVar[];
  /** Ids of the applications this one depends on: their exposed variables reach it. */
  dependencies: string[];
  /** Ids of the add-ons linked to this application: their variables reach it. */
  linkedAddons: string[];
  view: Record<string, unknown> & { id: string; name: string };
}

export interface Addon {
  ownerId: string;
  tags: string[];
  /** The variables the add-on gives to the applications it is linked to; `configKeys` are their names. */
  env: EnvVar[];
  view: Record<string, unknown> & { id: string; name: string; realId: string };
  /** Until then (ms) the add-on is still being provisioned: its variables are not given yet. */
  readyAt?: number;
}

export interface Invoice {
  ownerId: string;
  invoice_number: string;
  kind: 'INVOICE' | 'CREDITNOTE';
  status: 'PAID' | 'PENDING' | 'CANCELED';
  emission_date: string;
  pay_date: string | null;
  currency: string;
  total_tax: { amount: number; currency: string };
  total_tax_excluded: { amount: number; currency: string };
  lines: { label: string; amount: number }[];
}

export interface Consumer {
  key: string;
  secret: string;
  ownerId: string;
  name: string;
  description: string;
  url: string;
  picture: string;
  baseUrl: string;
  rights: Record<Right, boolean>;
}

export interface RequestToken {
  token: string;
  secret: string;
  consumerKey: string;
  callback: string;
  method: SignatureMethod;
  createdAt: number;
  expiresAt: number;
  state: 'issued' | 'authorized' | 'denied' | 'used';
  verifier?: string;
  userId?: string;
  rights?: Right[];
}

export interface AccessToken {
  token: string;
  secret: string;
  consumerKey: string;
  userId: string;
  rights: Right[];
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
  /** Last accepted call signed with it (ms), or undefined when never used. */
  lastUsedAt?: number;
}

export interface ApiToken {
  apiTokenId: string;
  /** SHA-256 of the value: the value itself is shown once and never kept. */
  hash: string;
  userId: string;
  name: string;
  description?: string;
  creationDate: number;
  expirationDate: number;
  ip: string;
  revoked: boolean;
}

export interface SftpUser {
  id: number;
  record: Record<string, unknown>;
}

export interface PlatformState {
  users: Map<string, User>;
  organisations: Map<string, Organisation>;
  applications: Map<string, Application>;
  addons: Map<string, Addon>;
  invoices: Invoice[];
  zones: Record<string, unknown>[];
  addonProviders: AddonProvider[];
  consumers: Map<string, Consumer>;
  requestTokens: Map<string, RequestToken>;
  accessTokens: Map<string, AccessToken>;
  apiTokens: Map<string, ApiToken>;
  /** `${userId} ${consumerKey}` → rights the user already granted. */
  grants: Map<string, Set<Right>>;
  /** Login cookie value → user id. */
  sessions: Map<string, string>;
  sftpUsers: Map<string, SftpUser>;
  /**
   * Records of the kinds the catalog responder keeps (resources-catalog.ts): resolved collection path (with
   * `/v2/self` written as the personal organisation) → record id → record. Single resources: path → record.
   */
  catalogCollections: Map<string, Map<string, Record<string, unknown>>>;
  catalogSingles: Map<string, Record<string, unknown>>;
  /** What the test-only `POST /v2/test-only/signed-form` route received, newest last (see resources-test-only.ts). */
  signedForms: { fields: [string, string][]; signatureMethod?: string }[];
  /** Avatar images uploaded with `PUT /v2/self/avatar` (resources-self-avatar.ts): user id → the bytes and their type. */
  avatars: Map<string, { contentType: string; bytes: Buffer }>;
  /** SFTP admin bearer token → expiry (ms). */
  sftpTokens: Map<string, number>;
  /** TCP redirections (resources-sftp-deploy.ts): application id → its redirections. */
  tcpRedirs: Map<string, { namespace: string; port: number }[]>;
  /** Log drains by resource (application id or add-on real id): `/v4/drains/…/resources/{id}/drains`. */
  resourceDrains: Map<string, Map<string, Record<string, unknown>>>;
  /**
   * Administrators the deployed SFTP server created at its first start from the bootstrap variables of a deployment
   * (spec §4.4 step 4): accepted by the SFTP admin API once that deployment is done, and kept after the variables go.
   */
  sftpBootstrapAdmins: { appId: string; username: string; password: string; readyAt: number }[];
  nonces: NonceStore;
  settings: {
    specPdfPath: boolean;
    accessTokenLifetimeSeconds?: number;
    /** How long a new add-on takes to be provisioned (its variables appear then); 0 by default. */
    addonProvisioningSeconds?: number;
    /** How long a deployment stays WIP before it is OK (or FAIL); 5 by default. */
    deploySeconds?: number;
  };
}

export function createEmptyState(): PlatformState {
  return {
    users: new Map(),
    organisations: new Map(),
    applications: new Map(),
    addons: new Map(),
    invoices: [],
    zones: [],
    addonProviders: [],
    consumers: new Map(),
    requestTokens: new Map(),
    accessTokens: new Map(),
    apiTokens: new Map(),
    grants: new Map(),
    sessions: new Map(),
    sftpUsers: new Map(),
    catalogCollections: new Map(),
    catalogSingles: new Map(),
    avatars: new Map(),
    signedForms: [],
    sftpTokens: new Map(),
    tcpRedirs: new Map(),
    resourceDrains: new Map(),
    sftpBootstrapAdmins: [],
    nonces: new NonceStore(),
    settings: { specPdfPath: true },
  };
}

export function findUserByEmail(state: PlatformState, email: string): User | undefined {
  const wanted = email.trim().toLowerCase();
  for (const user of state.users.values()) if (user.email === wanted) return user;
  return undefined;
}

export function organisationsOf(state: PlatformState, userId: string): Organisation[] {
  return [...state.organisations.values()].filter((org) => org.members.some((member) => member.userId === userId));
}

export function grantKey(userId: string, consumerKey: string): string {
  return `${userId} ${consumerKey}`;
}

/** Makes every access token expired now (tests of the "Access token expired" path). */
export function expireAccessTokens(state: PlatformState, nowMs: number): void {
  for (const token of state.accessTokens.values()) token.expiresAt = Math.min(token.expiresAt, nowMs - 1000);
}

/**
 * The one list of Debian packages Keyhole's demo and tests need, and the check each test uses to say why it is
 * skipped when one is missing. Pure: what exists is asked through `exists`, so the logic is unit-tested without
 * touching the machine; scripts/ensure-system-packages.ts does the installing.
 */

export interface SystemPackage {
  /** Debian package name, as given to apt-get. */
  name: string;
  /** The file that proves it is installed (the first that exists wins). */
  paths: readonly string[];
  /** What needs it, for messages. */
  neededBy: string;
  /** A library (its proof file is read, not run); the default is a program, whose file must be executable. */
  library?: true;
}

/** What runs the extension and what its tests call. Add a package here when a test starts calling a program. */
export const SYSTEM_PACKAGES = {
  chromium: {
    name: 'chromium',
    paths: ['/usr/lib/chromium/chromium'],
    neededBy: 'the demo and the end-to-end tests (Keyhole runs in it)',
  },
  firefox: {
    name: 'firefox-esr',
    paths: ['/usr/bin/firefox-esr'],
    neededBy: 'the Firefox tests (test/e2e/firefox-*.test.ts)',
  },
  sshKeygen: {
    name: 'openssh-client',
    paths: ['/usr/bin/ssh-keygen'],
    neededBy: 'the SFTP host-key tests (OpenSSH reads the keys Keyhole generates)',
  },
  curl: {
    name: 'curl',
    paths: ['/usr/bin/curl'],
    neededBy: 'the copy-as-curl tests (the copied command is run)',
  },
  httpie: {
    name: 'httpie',
    paths: ['/usr/bin/http'],
    neededBy: 'the code-export tests (the HTTPie snippet is run)',
  },
  requestsOauthlib: {
    name: 'python3-requests-oauthlib',
    paths: ['/usr/lib/python3/dist-packages/requests_oauthlib/__init__.py'],
    neededBy: 'the code-export tests (the Python snippet is run with /usr/bin/python3)',
    library: true,
  },
  openssl: {
    name: 'openssl',
    paths: ['/usr/bin/openssl'],
    neededBy: "the sandbox's TLS (test/platform/tls.ts makes its local CA with it) and the official-tools conformance",
  },
  certutil: {
    name: 'libnss3-tools',
    paths: ['/usr/bin/certutil'],
    neededBy: "the Firefox trust of the sandbox's local CA (a profile's certificate database)",
  },
  junitparser: {
    name: 'python3-junitparser',
    paths: ['/usr/lib/python3/dist-packages/junitparser/__init__.py'],
    neededBy: 'the collection runner tests (a real JUnit reader reads the report)',
    library: true,
  },
} as const satisfies Record<string, SystemPackage>;

export type PackageKey = keyof typeof SYSTEM_PACKAGES;

/** Which packages each entry point needs. */
export const NEEDS: Record<'demo' | 'test', readonly PackageKey[]> = {
  demo: ['chromium'],
  test: [
    'chromium',
    'firefox',
    'sshKeygen',
    'curl',
    'httpie',
    'requestsOauthlib',
    'openssl',
    'certutil',
    'junitparser',
  ],
};

export function installedPath(pkg: SystemPackage, exists: (path: string) => boolean): string | undefined {
  return pkg.paths.find((path) => exists(path));
}

export function missingPackages(keys: readonly PackageKey[], exists: (path: string) => boolean): SystemPackage[] {
  return keys.map((key) => SYSTEM_PACKAGES[key]).filter((pkg) => installedPath(pkg, exists) === undefined);
}

/** The exact command a user without root runs, on one line. */
export function installCommand(missing: readonly SystemPackage[]): string {
  return `sudo apt-get install -y ${missing.map((pkg) => pkg.name).join(' ')}`;
}

/**
 * Why a test cannot run, or undefined when it can. Shown as the skip note, so a skipped test says what is missing
 * and how to get it instead of passing silently.
 */
export function missingReason(key: PackageKey, exists: (path: string) => boolean): string | undefined {
  const pkg: SystemPackage = SYSTEM_PACKAGES[key];
  if (installedPath(pkg, exists) !== undefined) return undefined;
  return `needs Debian's ${pkg.name} (${pkg.paths[0]} is missing): ${installCommand([pkg])}`;
}

import { describe, expect, it } from 'vitest';
import {
  installCommand,
  installedPath,
  missingPackages,
  missingReason,
  NEEDS,
  SYSTEM_PACKAGES,
} from '../../../scripts/system-packages.ts';

const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

describe('the system packages the demo and the tests need', () => {
  it('lists for the tests every program they call, and for the demo only its browser', () => {
    expect(NEEDS.demo.map((key) => SYSTEM_PACKAGES[key].name)).toEqual(['chromium']);
    expect(NEEDS.test.map((key) => SYSTEM_PACKAGES[key].name)).toEqual([
      'chromium',
      'firefox-esr',
      'openssh-client',
      'curl',
      'httpie',
      'python3-requests-oauthlib',
      'openssl',
      'libnss3-tools',
      'python3-junitparser',
    ]);
  });

  it('finds nothing missing on a machine that has them all', () => {
    const everything = SYSTEM_PACKAGES;
    const all = Object.values(everything).map((pkg) => pkg.paths[0]);
    expect(missingPackages(NEEDS.test, only(...all))).toEqual([]);
  });

  it('names what is missing on a fresh machine, and one command that installs it', () => {
    const missing = missingPackages(
      NEEDS.test,
      only(
        '/usr/lib/chromium/chromium',
        '/usr/bin/curl',
        '/usr/bin/http',
        '/usr/lib/python3/dist-packages/requests_oauthlib/__init__.py',
        '/usr/bin/openssl',
        '/usr/bin/certutil',
        '/usr/lib/python3/dist-packages/junitparser/__init__.py',
      ),
    );
    expect(missing.map((pkg) => pkg.name)).toEqual(['firefox-esr', 'openssh-client']);
    expect(installCommand(missing)).toBe('sudo apt-get install -y firefox-esr openssh-client');
  });

  it('accepts any of a package’s known paths, the first found winning', () => {
    const twoHomes = { name: 'example', paths: ['/opt/a', '/usr/bin/b'], neededBy: 'a test' };
    expect(installedPath(twoHomes, only('/usr/bin/b'))).toBe('/usr/bin/b');
    expect(installedPath(twoHomes, only('/opt/a', '/usr/bin/b'))).toBe('/opt/a');
    expect(installedPath(twoHomes, only())).toBeUndefined();
  });

  it('checks /usr/bin/firefox-esr itself: /usr/bin/firefox is only firefox-esr’s wrapper script that execs it', () => {
    expect(missingReason('firefox', only('/usr/bin/firefox'))).toBe(
      "needs Debian's firefox-esr (/usr/bin/firefox-esr is missing): sudo apt-get install -y firefox-esr",
    );
  });

  it('gives a skip reason that says which package, which file and what to run', () => {
    expect(missingReason('sshKeygen', only())).toBe(
      "needs Debian's openssh-client (/usr/bin/ssh-keygen is missing): sudo apt-get install -y openssh-client",
    );
  });
});

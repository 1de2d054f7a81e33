import { existsSync } from 'node:fs';

/**
 * A browser's executable: the one the environment variable names (a path set there is never silently replaced by
 * another), else the first of Debian's paths that exists; an error with the install line when there is none.
 */
export function findBrowser(name: string, variable: string, candidates: readonly string[], aptPackage: string): string {
  const chosen = process.env[variable];
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`${name} not found at ${variable}=${chosen}.`);
    return chosen;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`${name} not found: sudo apt-get install -y ${aptPackage} (or set ${variable}).`);
  return found;
}

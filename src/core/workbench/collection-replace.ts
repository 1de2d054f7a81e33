import type { SendRequest } from '../protocol.ts';

/**
 * The PUTs of the platform's description that replace a whole collection rather than one item: the body becomes
 * the collection, so every variable it leaves out is deleted. `PUT …/applications/{appId}/env` (WannabeEnv: all
 * environment variables), `…/exposed_env` (the variables exposed to dependent applications) and the configuration
 * provider's `PUT /v4/addon-providers/config-provider/addons/{id}/env` (an array of all its variables). One
 * variable at a time is `PUT …/env/{envName}`, which replaces nothing else.
 */
export interface ReplacedCollection {
  /** What is replaced, for a sentence: "all environment variables of the application". */
  what: string;
}

const REPLACING: [RegExp, string][] = [
  [/^\/v2\/(?:self|organisations\/[^/]+)\/applications\/[^/]+\/env$/, 'all environment variables of the application'],
  [
    /^\/v2\/(?:self|organisations\/[^/]+)\/applications\/[^/]+\/exposed_env$/,
    'all variables the application exposes to its dependents',
  ],
  [/^\/v4\/addon-providers\/config-provider\/addons\/[^/]+\/env$/, 'all environment variables of the configuration'],
];

export function collectionReplacedBy(request: Pick<SendRequest, 'method' | 'path'>): ReplacedCollection | undefined {
  if (request.method.toUpperCase() !== 'PUT') return undefined;
  const path = request.path.split('?')[0] ?? '';
  const found = REPLACING.find(([pattern]) => pattern.test(path));
  return found ? { what: found[1] } : undefined;
}

/**
 * The variables in an environment as the platform reads and answers them: an array of `{name, value}` (GET …/env,
 * the v4 provider) or an object `{NAME: value}` (what the official tools PUT, GET …/exposed_env). Undefined for
 * anything else (the server will say what is wrong with the body).
 */
export function environmentOf(text: string): Map<string, string> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const variables = new Map<string, string>();
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!item || typeof item !== 'object' || typeof item.name !== 'string') return undefined;
      variables.set(item.name, typeof item.value === 'string' ? item.value : JSON.stringify(item.value));
    }
    return variables;
  }
  if (!value || typeof value !== 'object') return undefined;
  for (const [name, item] of Object.entries(value))
    variables.set(name, typeof item === 'string' ? item : JSON.stringify(item));
  return variables;
}

export interface Replacement {
  /** Names the PUT leaves out: deleted. */
  removed: string[];
  /** Names whose value it changes. */
  changed: string[];
  added: string[];
  unchanged: number;
}

export function describeReplacement(current: Map<string, string>, next: Map<string, string>): Replacement {
  const removed = [...current.keys()].filter((name) => !next.has(name)).sort();
  const changed = [...next.keys()].filter((name) => current.has(name) && current.get(name) !== next.get(name)).sort();
  const added = [...next.keys()].filter((name) => !current.has(name)).sort();
  return { removed, changed, added, unchanged: next.size - changed.length - added.length };
}

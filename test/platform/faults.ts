/** Fault injection: make the next matching request(s) fail in a chosen way, for tests and demos. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendJson, sendText } from './http-util.ts';
import { prepareHugeJson, streamHugeJson } from './huge-json.ts';

export type ServerName = 'api' | 'bridge' | 'sftp';

export interface FaultSpec {
  /** Which server; any when absent. */
  server?: ServerName;
  /** HTTP method; any except OPTIONS when absent. */
  method?: string;
  /** Exact pathname, a prefix when it ends with `*`, or a RegExp tested against the pathname. */
  path?: string | RegExp;
  /** How many matching requests it affects (default 1; Infinity for all). */
  times?: number;
  status?: number;
  /** Body sent with `status` (JSON content type when it parses as JSON, text otherwise). */
  body?: string;
  /** Waits this long first; then the request proceeds normally unless another effect is set. */
  delayMs?: number;
  /** Answers 200 (or `status`) with `Content-Type: application/json` and a body that is not JSON. */
  malformed?: true;
  /** Answers with this many bytes of valid, nested JSON, streamed (built when the fault is added, up to 32 MB). */
  hugeJsonBytes?: number;
  /**
   * In-process only: the huge JSON body's last piece waits for this promise, so a test sees the body while it is
   * still arriving however fast the rest went (on a loaded machine all of it can land before the page draws).
   */
  endAfter?: Promise<unknown>;
  /**
   * Answers `status` with a body of this many bytes repeating the request's Authorization header, written in pieces
   * of an odd size so that copies straddle the client's reads: a careless echo endpoint or debug proxy.
   */
  echoAuthorizationBytes?: number;
  /** The echo's Content-Type (default text/plain). */
  echoContentType?: string;
  /** The echo's Content-Type carries the header too (`<type>; echo=<header>`, its quotes left out). */
  echoAuthorizationInContentType?: true;
  /** Destroys the socket without answering. */
  drop?: true;
  /**
   * Answers the head (`status`, default 200, announcing a 64-byte JSON body), sends part of the body, then
   * destroys the socket: the connection drops mid-answer. Unlike `drop`, a browser never resends the request
   * itself then (it had the answer's head), so what a client does about a dropped call is its own doing.
   */
  dropMidBody?: true;
  /** On a log stream: answers normally, then breaks the connection after this many log events. */
  dropAfterEvents?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  remaining: number;
}

export interface Faults {
  add(spec: FaultSpec): Fault;
  remove(id: number): void;
  clear(): void;
  list(): Fault[];
}

export interface FaultRunner extends Faults {
  /** Applies the first matching fault. Resolves true when the response was fully handled by the fault. */
  apply(server: ServerName, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /** Cancels pending delays so the servers can close. */
  dispose(): void;
}

const streamDrops = new WeakMap<ServerResponse, number>();

/** How many events a stream answered on `res` may send before a fault breaks it. */
export function dropAfterEventsOf(res: ServerResponse): number | undefined {
  return streamDrops.get(res);
}

export function createFaults(): FaultRunner {
  let nextId = 1;
  let faults: Fault[] = [];
  const pending = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const validate = (spec: FaultSpec) => {
    const times = spec.times ?? 1;
    if (!(times > 0)) throw new HttpError(400, 'Fault "times" must be a positive number (or Infinity)');
    if (spec.status !== undefined && !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)) {
      throw new HttpError(400, `Fault "status" must be an HTTP status code, got ${spec.status}`);
    }
    if (spec.delayMs !== undefined && !(spec.delayMs >= 0 && spec.delayMs <= 120_000)) {
      throw new HttpError(400, 'Fault "delayMs" must be between 0 and 120000');
    }
    if (spec.hugeJsonBytes !== undefined && !(spec.hugeJsonBytes > 0 && spec.hugeJsonBytes <= 512 * 1024 * 1024)) {
      throw new HttpError(400, 'Fault "hugeJsonBytes" must be between 1 and 536870912');
    }
    if (spec.dropAfterEvents !== undefined && !(Number.isInteger(spec.dropAfterEvents) && spec.dropAfterEvents > 0)) {
      throw new HttpError(400, 'Fault "dropAfterEvents" must be a positive whole number');
    }
    return times;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          pending.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      pending.add(entry);
    });

  const matches = (fault: Fault, server: ServerName, method: string, pathname: string) => {
    if (fault.server && fault.server !== server) return false;
    if (fault.method ? fault.method.toUpperCase() !== method : method === 'OPTIONS') return false;
    const path = fault.path;
    if (path === undefined) return true;
    if (path instanceof RegExp) return path.test(pathname);
    return path.endsWith('*') ? pathname.startsWith(path.slice(0, -1)) : pathname === path;
  };

  return {
    add(spec) {
      const fault: Fault = { ...spec, id: nextId++, remaining: validate(spec) };
      // Built now, so that answering costs the browser's cores nothing but the copy (see huge-json.ts).
      if (fault.hugeJsonBytes) prepareHugeJson(fault.hugeJsonBytes);
      faults.push(fault);
      return fault;
    },
    remove(id) {
      faults = faults.filter((fault) => fault.id !== id);
    },
    clear() {
      faults = [];
    },
    list: () => faults.map((fault) => ({ ...fault })),
    async apply(server, req, res, pathname) {
      const fault = faults.find((candidate) => matches(candidate, server, req.method ?? 'GET', pathname));
      if (!fault) return false;
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.filter((candidate) => candidate !== fault);
      if (fault.delayMs) await sleep(fault.delayMs);
      if (res.destroyed) return true;
      if (fault.dropAfterEvents) {
        // The stream itself breaks later (streams/log-streams.ts): the request goes on.
        streamDrops.set(res, fault.dropAfterEvents);
        return false;
      }
      if (fault.drop) {
        req.socket.destroy();
        return true;
      }
      if (fault.dropMidBody) {
        res.writeHead(fault.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': '64' });
        res.write('{"partial": ');
        await new Promise<void>((resolve) => res.once('drain', resolve).write('', () => resolve()));
        req.socket.destroy();
        return true;
      }
      if (fault.malformed) {
        sendText(res, fault.status ?? 200, 'application/json; charset=utf-8', '{"id": 1, "name": "truncat');
        return true;
      }
      if (fault.hugeJsonBytes) {
        await streamHugeJson(res, fault.hugeJsonBytes, fault.status ?? 200, fault.endAfter);
        return true;
      }
      if (fault.echoAuthorizationBytes) {
        // The header is ASCII (OAuth percent-encodes it), so characters are bytes.
        const copy = `${req.headers.authorization ?? ''}\n`;
        const body = copy.repeat(Math.ceil(fault.echoAuthorizationBytes / copy.length));
        const type = fault.echoContentType ?? 'text/plain';
        const echoed = `${type}; echo=${(req.headers.authorization ?? '').replace(/"/g, '')}`;
        res.writeHead(fault.status ?? 200, { 'Content-Type': fault.echoAuthorizationInContentType ? echoed : type });
        for (let at = 0; at < fault.echoAuthorizationBytes; at += 65_521)
          res.write(body.slice(at, Math.min(at + 65_521, fault.echoAuthorizationBytes)));
        res.end();
        return true;
      }
      if (fault.status !== undefined) {
        sendFaultStatus(res, fault.status, fault.body);
        return true;
      }
      return false;
    },
    dispose() {
      for (const entry of pending) {
        clearTimeout(entry.timer);
        entry.resolve();
      }
      pending.clear();
    },
  };
}

function sendFaultStatus(res: ServerResponse, status: number, body: string | undefined): void {
  if (body === undefined) {
    sendJson(res, status, { id: status, message: `Injected fault: HTTP ${status}`, type: 'error' });
    return;
  }
  let isJson = true;
  try {
    JSON.parse(body);
  } catch {
    isJson = false;
  }
  sendText(res, status, isJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', body);
}

/** Reads a fault sent over HTTP: `path` may be a string or `{regex, flags?}`. */
export function faultFromJson(value: unknown): FaultSpec {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'A fault is a JSON object');
  }
  const raw = value as Record<string, unknown>;
  const spec = { ...raw } as FaultSpec & { path?: unknown; times?: unknown };
  if (raw.path !== undefined && typeof raw.path !== 'string') {
    const regex = (raw.path as { regex?: unknown; flags?: unknown }).regex;
    const flags = (raw.path as { flags?: unknown }).flags;
    if (typeof regex !== 'string') throw new HttpError(400, 'Fault "path" must be a string or {"regex": "..."}');
    try {
      spec.path = new RegExp(regex, typeof flags === 'string' ? flags : '');
    } catch (error) {
      throw new HttpError(400, `Fault "path" regex is invalid: ${(error as Error).message}`);
    }
  }
  if (raw.times === 'always' || raw.times === null) spec.times = Number.POSITIVE_INFINITY;
  return spec as FaultSpec;
}

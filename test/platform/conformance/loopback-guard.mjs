/**
 * Preloaded (`node --import`) into the official CLI when the conformance suite runs it, and inherited by the
 * processes it starts (NODE_OPTIONS). Two jobs, neither of which changes the tool:
 * - refuse any connection to anything but loopback, and write what was refused to the file named by
 *   CONFORMANCE_GUARD_LOG, so the suite fails if the tool tried to reach the internet (update checks, telemetry,
 *   a base URL we forgot to point at the sandbox);
 * - add `Object.groupBy` / `Map.groupBy` (ES2024) when the runtime lacks them: Node 20 does, and the CLI declares
 *   Node >= 22. On a newer Node this does nothing.
 */
import { appendFileSync } from 'node:fs';
import net from 'node:net';

const log = process.env.CONFORMANCE_GUARD_LOG;

function isLoopback(host) {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function refuse(what) {
  if (log) appendFileSync(log, `${process.pid} ${process.argv.slice(1).join(' ')}: ${what}\n`);
  throw new Error(`conformance guard: refused ${what}; only loopback is allowed here`);
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect passes its normalised [options, callback] array; sockets may also get (options) or (port, host).
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  if (options.path === undefined) {
    const host = options.host ?? 'localhost';
    if (!isLoopback(String(host))) refuse(`a connection to ${host}:${options.port}`);
  }
  return connect.apply(this, args);
};

function groupInto(items, callback, add) {
  let index = 0;
  for (const item of items) add(callback(item, index++), item);
}

if (typeof Object.groupBy !== 'function') {
  Object.defineProperty(Object, 'groupBy', {
    configurable: true,
    writable: true,
    value(items, callback) {
      const groups = Object.create(null);
      groupInto(items, callback, (key, item) => {
        const name = typeof key === 'symbol' ? key : String(key);
        if (!(name in groups)) groups[name] = [];
        groups[name].push(item);
      });
      return groups;
    },
  });
}

if (typeof Map.groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value(items, callback) {
      const groups = new Map();
      groupInto(items, callback, (key, item) => {
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(item);
      });
      return groups;
    },
  });
}

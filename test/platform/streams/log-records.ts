/** What one sandbox log line looks like, shaped like the platform's APPLICATION_LOG and ACCESS_LOG events. */

const SEVERITIES = ['INFO', 'INFO', 'INFO', 'DEBUG', 'INFO', 'WARN', 'INFO', 'INFO', 'ERROR', 'INFO'] as const;
const PATHS = ['/', '/health', '/api/items', '/login', '/static/app.js'] as const;

/** A UUID-shaped id that carries the sequence number, so ids are unique and stable across reconnections. */
export function lineId(appId: string, seq: number): string {
  const tail = seq.toString(16).padStart(12, '0');
  const head = [...appId].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7).toString(16);
  return `${head.padStart(8, '0').slice(0, 8)}-0000-4000-8000-${tail}`;
}

export function applicationLog(ownerId: string, appId: string, seq: number, ms: number): Record<string, unknown> {
  const severity = SEVERITIES[seq % SEVERITIES.length]!;
  const path = PATHS[seq % PATHS.length]!;
  return {
    id: lineId(appId, seq),
    date: new Date(ms).toISOString(),
    applicationId: appId,
    ownerId,
    deploymentId: `deployment_${appId.slice(-8)}`,
    instanceId: `instance_${appId.slice(-8)}_0`,
    commitId: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    message: `#${seq} ${severity === 'ERROR' ? 'request failed' : 'handled'} GET ${path}`,
    priority: severity === 'ERROR' ? 3 : severity === 'WARN' ? 4 : severity === 'DEBUG' ? 7 : 6,
    severity,
    service: 'app',
    region: 'par',
    zone: 'par1',
    version: '1',
  };
}

export function accessLog(appId: string, seq: number, ms: number): Record<string, unknown> {
  const path = PATHS[seq % PATHS.length]!;
  const status = seq % 17 === 0 ? 500 : seq % 7 === 0 ? 404 : 200;
  const place = { city: 'Paris', countryCode: 'FR', geoLocation: { latitude: 48.85, longitude: 2.35 } };
  return {
    id: lineId(appId, seq),
    date: new Date(ms).toISOString(),
    applicationId: appId,
    requestId: `request-${seq}`,
    instanceId: `instance_${appId.slice(-8)}_0`,
    bytesIn: 120,
    bytesOut: 512 + (seq % 100),
    source: { ...place, ip: '203.0.113.7', port: 40000 + (seq % 1000) },
    destination: { ...place, ip: '198.51.100.2', port: 8080 },
    http: {
      request: { host: 'app.sandbox.test', method: 'GET', path: `${path}?seq=${seq}`, scheme: 'https' },
      response: { serviceTime: null, statusCode: status, time: 3 + (seq % 40) },
    },
    region: 'par',
    zone: 'par1',
    tls: null,
  };
}

/**
 * An add-on's log line (RESOURCE_LOG): `clever logs --addon` prints `date` and `message` (clever-tools
 * models/log.js `formatLogLine`); the service is the add-on's own (`postgresql`, `redis`…).
 */
export function resourceLog(ownerId: string, resourceId: string, seq: number, ms: number): Record<string, unknown> {
  const severity = SEVERITIES[seq % SEVERITIES.length]!;
  const service = resourceId.split('_')[0] ?? 'addon';
  return {
    id: lineId(resourceId, seq),
    date: new Date(ms).toISOString(),
    resourceId,
    ownerId,
    message: `#${seq} ${severity === 'ERROR' ? 'connection refused for' : 'checkpoint complete on'} ${service}`,
    severity,
    service,
    region: 'par',
    zone: 'par1',
  };
}

import { performance } from 'node:perf_hooks';
import { startPlatform } from '../test/platform/index.ts';
import { dance, oauthFor } from '../test/platform/support/oauth-client.ts';

const platform = await startPlatform({ apiPort: 0, bridgePort: 0, sftpPort: 0 });
const tokens = await dance(platform, {});
const url = `${platform.api}/v2/self`;
const oauth = oauthFor({ key: platform.consumerKey, secret: platform.consumerSecret }, 'HMAC-SHA512');
const N = Number(process.env.N ?? 3000);
async function run(kind: string, signed: boolean) {
  const headers = Array.from({ length: N }, () =>
    signed
      ? oauth.toHeader(oauth.authorize({ url, method: 'GET' }, { key: tokens.token, secret: tokens.secret }))
          .Authorization
      : undefined,
  );
  let next = 0;
  const before = performance.eventLoopUtilization();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < N) {
        const i = next++;
        const r = await fetch(url, {
          headers: headers[i] ? { Authorization: headers[i]!, Accept: 'application/json' } : {},
        });
        await r.arrayBuffer();
      }
    }),
  );
  console.log(
    kind,
    Math.round((N / (performance.now() - t0)) * 1000),
    '/s',
    'elu ms/call',
    (performance.eventLoopUtilization(before).active / N).toFixed(3),
  );
}
const kinds = (process.env.KINDS ?? 'signed,unsigned,signed,unsigned').split(',');
await run('warm', true);
for (const k of kinds) await run(k, k === 'signed');
await platform.close();

/**
 * A host that should receive nothing secret: an HTTP server on 127.0.0.1 (random port) that records every request
 * (method, URL, headers, body) and answers 503, so a test can point a profile at it and then look at exactly what
 * the extension sent there.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RequestLog {
  url: string;
  requests: LoggedRequest[];
  /** Everything received, as one text, plain and percent-decoded, to search for secrets in. */
  text(): string;
  close(): Promise<void>;
}

export async function startRequestLog(): Promise<RequestLog> {
  const requests: LoggedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(503, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(JSON.stringify({ type: 'error', message: 'This host only logs what it receives.' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    text() {
      // A PLAINTEXT signature is percent-encoded, and encoded again in a form body: decode up to twice.
      const texts = [JSON.stringify(requests)];
      for (let round = 0; round < 2; round++) {
        try {
          texts.push(decodeURIComponent(texts.at(-1)!.replace(/\+/g, ' ')));
        } catch {
          break; // A lone % somewhere: what was decoded so far is searched anyway.
        }
      }
      return texts.join('\n');
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

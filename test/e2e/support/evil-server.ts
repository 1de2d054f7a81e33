/**
 * A logging "evil" server on 127.0.0.1: another origin that a hostile page would like Keyhole to sign for or send
 * secrets to. It answers every request like a friendly platform (200, JSON) so nothing stops at a network error,
 * and keeps every request it saw so a test can prove that no secret ever reached it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface EvilServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  port: number;
  seen: SeenRequest[];
  /** Every request as one text, to search for secrets (raw and percent-encoded forms). */
  transcript(): string;
  close(): Promise<void>;
}

export async function startEvilServer(): Promise<EvilServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      // Looks like a platform that accepts anything: an id, a key and a secret for whoever asks.
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': '*',
      });
      response.end(JSON.stringify(request.url?.includes('consumers') ? [] : { id: 'user_evil', email: 'evil@test' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    seen,
    transcript: () => JSON.stringify(seen),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A secret as it may travel: raw, percent-encoded (OAuth), or inside a base64 header. */
export function secretForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return [...new Set([secret, encoded, Buffer.from(secret).toString('base64')])];
}

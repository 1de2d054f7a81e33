/**
 * A Marionette client: Firefox's own automation protocol, JSON messages framed as `<length>:<json>` on a TCP
 * socket, so no driver binary or extra package is needed. test/e2e/support/launch-firefox.ts starts Firefox with it.
 */
import type { ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';

/** A Marionette connection: one command at a time, each answered by `[1, id, error, result]`. */
export class Marionette {
  #socket: Socket;
  #firefox: ChildProcess;
  #buffer = Buffer.alloc(0);
  #waiting: ((message: unknown) => void)[] = [];
  #nextId = 0;

  private constructor(socket: Socket, firefox: ChildProcess) {
    this.#socket = socket;
    this.#firefox = firefox;
    socket.on('data', (chunk) => this.#receive(chunk));
  }

  static async connect(port: number, firefox: ChildProcess, timeoutMs = 30_000): Promise<Marionette> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (firefox.exitCode !== null) throw new Error(`Firefox exited with code ${firefox.exitCode} before Marionette`);
      try {
        const socket = await new Promise<Socket>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket));
          socket.once('error', reject);
        });
        const session = new Marionette(socket, firefox);
        await session.#next(); // the greeting: { applicationType, marionetteProtocol }
        return session;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  async command<T = unknown>(name: string, parameters: object): Promise<T> {
    const body = JSON.stringify([0, ++this.#nextId, name, parameters]);
    const reply = this.#next();
    this.#socket.write(`${Buffer.byteLength(body)}:${body}`);
    const [, , error, result] = (await reply) as [1, number, { error: string; message: string } | null, T];
    if (error) throw new Error(`${name}: ${error.error}: ${error.message}`);
    return result;
  }

  async close(): Promise<void> {
    this.#socket.destroy();
    if (this.#firefox.exitCode === null && this.#firefox.signalCode === null) {
      const exited = new Promise((resolve) => this.#firefox.once('exit', resolve));
      this.#firefox.kill();
      await exited;
    }
  }

  #next(): Promise<unknown> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #receive(chunk: Buffer) {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const colon = this.#buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.#buffer.subarray(0, colon).toString());
      if (this.#buffer.length < colon + 1 + length) return;
      const message = JSON.parse(this.#buffer.subarray(colon + 1, colon + 1 + length).toString());
      this.#buffer = this.#buffer.subarray(colon + 1 + length);
      this.#waiting.shift()?.(message);
    }
  }
}

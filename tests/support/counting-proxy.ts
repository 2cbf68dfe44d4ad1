// A pass-through HTTP proxy in front of the emulator that writes down every request it forwards, so a test can tell
// which services a function (or a client) actually asked: point SUPABASE_URL at it and read `requests`.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CountingProxy = {
  url: string;
  /** `METHOD /path` of each forwarded request, in order (no query string). */
  requests: string[];
  /** How many forwarded requests had exactly this `METHOD /path`. */
  count(methodAndPath: string): number;
  stop(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  return all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', target);
    requests.push(`${req.method} ${url.pathname}`);
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === 'host' || name === 'connection') continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const answer = await fetch(url, { method: req.method, headers, body, redirect: 'manual' });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        // fetch has already decoded the body; its length and encoding no longer apply.
        if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding')
          out[name] = value;
      });
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: Error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Named localhost, not 127.0.0.1 like the emulator: auth-js keeps one JWKS cache per storage key, which it derives
    // from the first label of the hostname, so clients of the proxy start with a key set of their own.
    url: `http://localhost:${port}`,
    requests,
    count: (methodAndPath) => requests.filter((r) => r === methodAndPath).length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

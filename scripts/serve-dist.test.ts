// The preview server answers as the static hosts do: Brotli for a browser that accepts it, gzip otherwise, the bytes
// of the file either way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, serveDist } from './serve-dist';

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, and reads q-values and case loosely', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, identity')).toBe('gzip');
    expect(pickEncoding('BR')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('serveDist', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'flipwise-serve-dist-'));
  const page = `<!doctype html><title>Flipwise</title>${'<p>Sell-through for Levi’s 501</p>'.repeat(200)}`;
  let server: Awaited<ReturnType<typeof serveDist>>;

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), page);
    writeFileSync(path.join(root, '404.html'), 'Not found');
    writeFileSync(path.join(root, 'app.html'), '<div id="root"></div>');
    server = await serveDist(root);
  });
  afterAll(() => {
    server.server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const fetchRaw = (acceptEncoding: string) =>
    new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${server.url}/`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      }).on('error', reject);
    });

  it('answers Brotli, gzip or the plain file, and each decodes to the page', async () => {
    const br = await fetchRaw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gzip = await fetchRaw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    expect(br.body.length).toBeLessThan(gzip.body.length);
    const plain = await fetchRaw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });
});

// `npm run preview`: serves a build the way the production hosts are told to (public/_redirects for Netlify,
// vercel.json, the nginx snippet in the README): a file when one exists, then <path>/index.html (a prerendered page),
// then the SPA shell app.html, with status 404 for paths the app does not know. Also used by the end-to-end spec and
// the Lighthouse bench.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CLIENT_ONLY_PATHS, NOT_FOUND_FILE, SHELL_FILE } from './prerender.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

// Every static host compresses text, and the ones the README names (Vercel, Netlify, Cloudflare) answer a browser that
// accepts it with Brotli, gzip otherwise; serving it raw, or gzip alone, would make the bench measure a host nobody uses.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json']);
type Encoding = 'br' | 'gzip';
const compressed = new Map<string, { mtime: number; body: Buffer }>();

function compressedOf(file: string, encoding: Encoding): Buffer {
  const mtime = statSync(file).mtimeMs;
  const key = `${encoding}:${file}`;
  const cached = compressed.get(key);
  if (cached && cached.mtime === mtime) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 9 });
  compressed.set(key, { mtime, body });
  return body;
}

/** Brotli when the request accepts it, then gzip, else none (what the hosts negotiate). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.split(';')[0].trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** What a request for `pathname` is answered with: the file and its status. */
export function resolveRequest(root: string, pathname: string): { file: string; status: number } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { file: path.join(root, NOT_FOUND_FILE), status: 404 };
  }
  const file = path.join(root, decoded);
  if (file.startsWith(root)) {
    if (isFile(file)) return { file, status: 200 };
    const page = path.join(file, 'index.html');
    if (isFile(page)) return { file: page, status: 200 };
  }
  const trimmed = decoded.replace(/\/+$/, '') || '/';
  const known = (CLIENT_ONLY_PATHS as readonly string[]).includes(trimmed) || /^\/blog\/[^/]+$/.test(trimmed);
  return known
    ? { file: path.join(root, SHELL_FILE), status: 200 }
    : { file: path.join(root, NOT_FOUND_FILE), status: 404 };
}

export function serveDist(
  root: string,
  port = 0,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const dir = path.resolve(root);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const { file, status } = resolveRequest(dir, pathname);
    if (!isFile(file)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const ext = path.extname(file);
    const encoding = COMPRESSIBLE.has(ext) ? pickEncoding(req.headers['accept-encoding']) : undefined;
    const headers = {
      'content-type': types[ext] ?? 'application/octet-stream',
      // Hashed assets never change; pages must be revalidated so a rebuild shows at once.
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      vary: 'accept-encoding',
    };
    if (encoding) {
      res.writeHead(status, { ...headers, 'content-encoding': encoding }).end(compressedOf(file, encoding));
      return;
    }
    res.writeHead(status, headers);
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actual}` });
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? 'dist';
  if (!isFile(path.join(root, SHELL_FILE))) {
    console.error(`${root}/${SHELL_FILE} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? process.env.SITE_PORT ?? 4173);
  void serveDist(root, port).then(({ url }) =>
    console.log(`Serving ${root} at ${url} (prerendered pages, then the shell)`),
  );
}

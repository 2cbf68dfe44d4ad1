// /functions/v1/<name>: runs supabase/functions/<name>/handler.ts in this process. The Deno entry (index.ts) stays a
// one-liner around the same handler, so what runs here is what the Supabase Edge Runtime runs when deployed.
import { existsSync, watch } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono, type Context } from 'hono';
import { clientAddress } from '../client-address';
import { section } from '../config';
import type { EmulatorContext } from '../context';
import { corsHeaders, preflightHeaders } from '../cors';
import { verifyJwt } from '../keys';

export type FunctionHandler = (
  req: Request,
  env: Record<string, string | undefined>,
) => Promise<Response> | Response;

export type FunctionsOptions = {
  /** Folder of function folders; default supabase/functions. */
  functionsDir: string;
  /** Wall-clock limit per invocation (default 150 s, as hosted). */
  timeoutMs?: number;
  /**
   * Reload a function after any file under functionsDir changes (npm start, npm run emulator). Needs the process to
   * run under tsx; each reload loads the changed graph anew in a fresh tsx namespace.
   */
  reload?: boolean;
  /** Stops the file watcher. */
  signal?: AbortSignal;
};

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const EXPOSE = 'Content-Type, Content-Length, X-Relay-Error, X-Request-Id';

export function createFunctionsApp(ctx: EmulatorContext, options: FunctionsOptions): Hono {
  const app = new Hono();
  const modules = new Map<string, Promise<FunctionHandler>>();
  const timeoutMs = options.timeoutMs ?? 150_000;
  let generation = 0;
  if (options.reload && existsSync(options.functionsDir)) {
    try {
      watch(options.functionsDir, { recursive: true, signal: options.signal }, () => {
        generation++;
        modules.clear();
      }).unref();
    } catch (error) {
      ctx.log(
        `functions: cannot watch ${options.functionsDir} (${(error as Error).message}); restart to pick up edits`,
      );
    }
  }

  async function importFresh(file: string): Promise<{ default?: unknown }> {
    const href = pathToFileURL(file).href;
    if (!options.reload || generation === 0) return import(href);
    // Node caches ES modules for the life of the process; a new tsx namespace is a new module graph.
    const { register } = await import('tsx/esm/api');
    return register({ namespace: `flipwise-functions-${generation}` }).import(href, import.meta.url);
  }

  /** Responses the emulator itself makes carry CORS headers, so the browser shows the real status, not a CORS error. */
  const reply = (c: Context, status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...corsHeaders(c.req.header('origin'), EXPOSE) },
    });

  function load(name: string, file: string): Promise<FunctionHandler> {
    let loaded = modules.get(name);
    if (!loaded) {
      loaded = importFresh(file).then((mod) => {
        // A file loaded as CommonJS (no "type": "module" above it) arrives wrapped once more.
        const exported = (mod.default as { default?: unknown } | undefined)?.default ?? mod.default;
        if (typeof exported !== 'function') throw new Error(`${file} must export a default handler function`);
        return exported as FunctionHandler;
      });
      // A module that failed to load (syntax error) is retried on the next request, after the fix.
      loaded.catch(() => modules.delete(name));
      modules.set(name, loaded);
    }
    return loaded;
  }

  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? '';
    const file = path.join(options.functionsDir, name, 'handler.ts');
    if (!NAME.test(name) || !existsSync(file)) {
      if (c.req.method === 'OPTIONS')
        return new Response(null, {
          status: 204,
          headers: preflightHeaders(c.req.header('origin'), c.req.header('access-control-request-headers')),
        });
      return reply(c, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
    }

    const verify = section(ctx.config, `functions.${name}`).verify_jwt !== false;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    let caller: string | undefined;
    if (c.req.method !== 'OPTIONS' && (verify || ctx.scopedFunctionEnv?.size)) {
      if (verify && !bearer) return reply(c, 401, { msg: 'Error: Missing authorization header' });
      const check = bearer ? await verifyJwt(bearer[1], ctx.keys) : undefined;
      if (verify && !check?.ok) return reply(c, 401, { msg: 'Invalid JWT' });
      if (check?.ok && typeof check.claims.sub === 'string') caller = check.claims.sub;
    }

    // Hosted functions see their own name as the first path segment: /<name>/rest?query
    const incoming = new URL(c.req.url);
    const prefix = incoming.pathname.indexOf(`/${name}`);
    const url = new URL(`${incoming.pathname.slice(prefix)}${incoming.search}`, incoming.origin);
    const req = new Request(url, c.req.raw);
    // Hosted functions sit behind Cloudflare, which sets CF-Connecting-IP to the address it accepted the connection from
    // and overwrites any copy the caller sent (docs/decisions/030-client-address-from-the-socket.md). The same here:
    // the caller's own copies of every client-address header are dropped and the socket peer (or what a trusted proxy
    // reports) is put in their place.
    for (const header of CLIENT_ADDRESS_HEADERS) req.headers.delete(header);
    const client = clientAddress(c, ctx.trustedProxies);
    if (client !== 'unknown') {
      req.headers.set('cf-connecting-ip', client);
      req.headers.set('x-forwarded-for', client);
      req.headers.set('x-real-ip', client);
    }

    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await load(name, file);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new FunctionTimeout()), timeoutMs);
      });
      const response = await Promise.race([
        Promise.resolve(handler(req, functionEnvFor(ctx, name, caller))),
        timeout,
      ]);
      if (!(response instanceof Response))
        throw new Error(`${name} returned ${typeof response}, not a Response`);
      return response;
    } catch (error) {
      if (error instanceof FunctionTimeout) {
        ctx.log(`functions: ${name} exceeded ${timeoutMs} ms`);
        return reply(c, 546, { code: 'WORKER_LIMIT', message: 'Function exceeded the wall clock limit' });
      }
      ctx.log(
        `functions: ${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return reply(c, 500, {
        code: 'WORKER_ERROR',
        message: 'Function exited due to an error (please check logs)',
      });
    } finally {
      clearTimeout(timer);
    }
  }

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}

class FunctionTimeout extends Error {}

/** Headers that name the client; a caller's copies never reach a function. */
const CLIENT_ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'true-client-ip',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'x-client-ip',
];

/** The environment a call sees: the functions' own, then the overrides for this function, then for its caller. */
function functionEnvFor(
  ctx: EmulatorContext,
  name: string,
  caller: string | undefined,
): Record<string, string> {
  const env = { ...ctx.functionEnv };
  for (const scope of [`function:${name}`, caller && `user:${caller}`]) {
    const overrides = scope ? ctx.scopedFunctionEnv?.get(scope) : undefined;
    for (const [key, value] of Object.entries(overrides ?? {})) {
      if (value === null) delete env[key];
      else env[key] = value;
    }
  }
  return env;
}

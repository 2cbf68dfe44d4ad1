// One Hono app for the whole local Supabase: each service is a sub-app mounted where hosted Supabase serves it.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createAuthApp, type AuthStartOptions } from './auth';
import type { EmulatorContext } from './context';
import { createFunctionsApp } from './functions';
import { createMailApp } from './mail';
import { createRestApp } from './rest';

export type AppOptions = {
  functionsDir: string;
  functionTimeoutMs?: number;
  /** Reload functions when their files change. */
  watchFunctions?: boolean;
  /** Aborted when the emulator stops. */
  signal?: AbortSignal;
  /** Enables /_emulator/* (test controls). */
  testing?: boolean;
  /** How the auth service starts (e.g. the rate-limit multiplier). */
  auth?: AuthStartOptions;
  /**
   * Merges into the functions' environment overrides (null deletes a key); undefined clears them. With a scope
   * (`function:<name>` or `user:<id>`), only that scope's.
   */
  setFunctionEnvOverrides?: (overrides: Record<string, string | null> | undefined, scope?: string) => void;
};

/**
 * Request body limits per service (issue 12; docs/decisions/032-request-body-limits.md). Hosted Supabase publishes
 * none for these paths, so they are ours: far above what this app sends (a 2,000-row market import batch through
 * REST is under 1 MB; sign-up and the functions take a few kilobytes) and far below what hurts the database.
 */
export const BODY_LIMITS = { rest: 4 * 1024 * 1024, auth: 64 * 1024, functions: 256 * 1024 } as const;

const tooLarge = (service: keyof typeof BODY_LIMITS) => (c: Context) => {
  const limit = `${Math.round(BODY_LIMITS[service] / 1024)} KB`;
  // The rest of the body is never read: the connection cannot carry another request.
  c.header('Connection', 'close');
  if (service === 'rest')
    return c.json(
      {
        code: 'PGRST413',
        details: null,
        hint: `A request body may be at most ${limit}.`,
        message: 'Payload Too Large',
      },
      413,
    );
  if (service === 'auth')
    return c.json(
      { code: 413, error_code: 'request_too_large', msg: `Request body may be at most ${limit}` },
      413,
    );
  return c.json({ error: `Request body may be at most ${limit}.` }, 413);
};

export function createApp(ctx: EmulatorContext, options: AppOptions): Hono {
  const app = new Hono();
  for (const service of ['rest', 'auth', 'functions'] as const) {
    app.use(`/${service}/v1/*`, bodyLimit({ maxSize: BODY_LIMITS[service], onError: tooLarge(service) }));
  }
  app.route('/rest/v1', createRestApp(ctx));
  app.route('/auth/v1', createAuthApp(ctx, options.auth));
  app.route(
    '/functions/v1',
    createFunctionsApp(ctx, {
      functionsDir: options.functionsDir,
      timeoutMs: options.functionTimeoutMs,
      reload: options.watchFunctions,
      signal: options.signal,
    }),
  );
  app.route('/_mail', createMailApp(ctx));

  if (options.testing) {
    // Lets end-to-end specs point functions at fake third-party servers without restarting the emulator: for every
    // call, or with ?function=<name> for one function's, or with ?user=<id> for one signed-in user's calls only.
    const scopeOf = (c: Context) => {
      const fn = c.req.query('function');
      const user = c.req.query('user');
      return fn ? `function:${fn}` : user ? `user:${user}` : undefined;
    };
    app.post('/_emulator/function-env', async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ message: 'Expected a JSON object of environment variables' }, 400);
      }
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return c.json({ message: 'Expected a JSON object' }, 400);
      const entries = Object.entries(body as Record<string, unknown>);
      if (entries.some(([, v]) => v !== null && typeof v !== 'string')) {
        return c.json({ message: 'Values must be strings, or null to delete a key' }, 400);
      }
      options.setFunctionEnvOverrides?.(
        Object.fromEntries(entries) as Record<string, string | null>,
        scopeOf(c),
      );
      return c.json({ ok: true });
    });
    app.delete('/_emulator/function-env', (c) => {
      options.setFunctionEnvOverrides?.(undefined, scopeOf(c));
      return c.json({ ok: true });
    });
  }

  app.get('/', (c) =>
    c.json({
      name: 'Flipwise local Supabase (emulator)',
      services: { rest: '/rest/v1', auth: '/auth/v1', functions: '/functions/v1', mailbox: '/_mail' },
    }),
  );
  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404));
  app.onError((error, c) => {
    ctx.log(`unhandled error on ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return c.json({ message: 'An invalid response was received from the upstream server' }, 502);
  });
  return app;
}

// /auth/v1: the part of GoTrue (Supabase Auth) that @supabase/supabase-js uses, on the emulator's database.
// Status codes, error codes, messages and body shapes follow ../../../shared/research/supabase-contract.md §A.
// This file only composes: one file per endpoint group, as GoTrue keeps internal/api/<group>.go (see the map in
// emulator/README.md, Auth), on the shared state of service.ts.
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { adminRoutes } from './admin';
import { authCors } from './cors';
import { AuthError, errorResponse } from './errors';
import { jwksRoutes } from './jwks';
import { logoutRoutes } from './logout';
import { recoverAndResendRoutes } from './recover-and-resend';
import { createAuthService } from './service';
import type { AuthStartOptions } from './settings';
import { settingsAndHealthRoutes } from './settings-and-health';
import { signupRoutes } from './signup';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
import { verifyRoutes } from './verify';

export { configureAuth } from './service';
export type { AuthOptions, AuthStartOptions } from './settings';

const schemaFile = new URL('./schema.sql', import.meta.url);

export function createAuthApp(ctx: EmulatorContext, options: AuthStartOptions = {}): Hono {
  const auth = createAuthService(ctx, options);
  const app = new Hono();

  app.use('*', authCors);

  // A database bootstrapped by an older emulator may lack a table added to schema.sql since; the file is idempotent, so
  // it runs once more before the first request.
  let schemaReady: Promise<void> | undefined;
  app.use('*', async (_c, next) => {
    schemaReady ??= auth.db.exec(readFileSync(schemaFile, 'utf8')).catch((err: Error) => {
      ctx.log(`[auth] could not refresh the auth schema: ${err.message}`);
    });
    await schemaReady;
    await next();
  });

  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not Found')));

  settingsAndHealthRoutes(app, auth);
  jwksRoutes(app, auth);
  signupRoutes(app, auth);
  tokenRoutes(app, auth);
  logoutRoutes(app, auth);
  userRoutes(app, auth);
  recoverAndResendRoutes(app, auth);
  verifyRoutes(app, auth);
  adminRoutes(app, auth);

  return app;
}

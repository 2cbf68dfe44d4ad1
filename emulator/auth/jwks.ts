// GET /.well-known/jwks.json (GoTrue api/jwks.go).
import type { Hono } from 'hono';
import type { AuthService } from './service';

export function jwksRoutes(app: Hono, { ctx }: AuthService) {
  // The public half of the key that signs access tokens (GoTrue api/jwks.go: public keys only, never the HS256
  // secret). auth-js getClaims() verifies ES256 tokens against it locally and caches it for 10 minutes.
  app.get('/.well-known/jwks.json', (c) => c.json({ keys: [ctx.keys.signingKey.publicJwk] }));
}

import { z } from 'zod';

const schema = z.object({
  VITE_SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the URL of a Supabase project' }),
  VITE_SUPABASE_ANON_KEY: z.string().min(20, 'VITE_SUPABASE_ANON_KEY must be the anon key of that project'),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Reads the build-time environment once; fails loudly when it is missing, never with a half-configured client. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(import.meta.env);
  if (!parsed.success) {
    throw new Error(
      `Flipwise is misconfigured: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}. ` +
        'Run `npm start`, which starts the local Supabase and passes these to Vite.',
    );
  }
  cached = parsed.data;
  return cached;
}

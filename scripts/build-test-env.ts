// What the build tests share: they build the site with Supabase variables of their own, then put the shell's back.

/** Sets each variable, or deletes it where the value is undefined (process.env cannot hold undefined). */
export function setEnv(env: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** Remembers VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY as they are now; the function returned puts them back. */
export function keepSupabaseEnv(): () => void {
  const saved = {
    VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: process.env.VITE_SUPABASE_ANON_KEY,
  };
  return () => setEnv(saved);
}

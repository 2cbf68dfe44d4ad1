import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { blogFeedPlugin } from './scripts/blog-feed.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';

/**
 * A production build needs the Supabase project it talks to (issue 13): without VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY it would build and then fail in every visitor's browser. `npm start` and the tests set them;
 * a deploy sets them from .env (see .env.example) or the host's environment.
 */
function requireSupabaseEnv(): Plugin {
  return {
    name: 'flipwise:require-supabase-env',
    apply: 'build',
    configResolved(config) {
      if (config.build.ssr) return;
      const env = { ...loadEnv(config.mode, config.envDir || config.root, 'VITE_'), ...process.env };
      const problems: string[] = [];
      if (!/^https?:\/\/\S+$/.test(env.VITE_SUPABASE_URL ?? ''))
        problems.push('VITE_SUPABASE_URL (the project URL, e.g. https://abcd.supabase.co)');
      if ((env.VITE_SUPABASE_ANON_KEY ?? '').length < 20)
        problems.push("VITE_SUPABASE_ANON_KEY (the project's anon or publishable key)");
      if (problems.length)
        throw new Error(
          `Cannot build Flipwise without ${problems.join(' and ')}. Set them in .env (see .env.example) or the environment.`,
        );
    },
  };
}

export default defineConfig({
  plugins: [react(), requireSupabaseEnv(), sitemapPlugin(), blogFeedPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    strictPort: true,
    host: 'localhost',
    // The local database (user emails, password hashes), the emulator (its JWT secret) and the backend code are not
    // the browser's business: Vite serves none of them, whatever path is asked (issue 12).
    fs: {
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem}',
        '**/.git/**',
        '**/.data/**',
        '**/emulator/**',
        '**/supabase/**',
      ],
    },
  },
  preview: { port: 4173 },
  // The manifest tells the prerender which chunks each page needs (scripts/prerender.ts, routePreloads).
  // A second entry: what a tap answers before the app is up (src/pre-app/main.ts, docs/decisions/065).
  build: {
    sourcemap: false,
    target: 'es2022',
    manifest: true,
    // Every browser the build targets preloads modules itself; the polyfill would be in every page's entry.
    modulePreload: { polyfill: false },
    rollupOptions: { input: { index: 'index.html', 'pre-app': 'src/pre-app/main.ts' } },
  },
});

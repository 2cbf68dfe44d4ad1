import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { blogFeedPlugin } from './scripts/blog-feed.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';

export default defineConfig({
  plugins: [react(), sitemapPlugin(), blogFeedPlugin()],
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
  build: { sourcemap: false, target: 'es2022' },
});

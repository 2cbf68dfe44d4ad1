import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { blogFeedPlugin } from './scripts/blog-feed.ts';
import { sitemapPlugin } from './scripts/sitemap.ts';

export default defineConfig({
  plugins: [react(), sitemapPlugin(), blogFeedPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, host: 'localhost' },
  preview: { port: 4173 },
  build: { sourcemap: false, target: 'es2022' },
});

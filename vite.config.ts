import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import { sitemapPlugin } from './scripts/sitemap';

export default defineConfig({
  plugins: [react(), sitemapPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, strictPort: true, host: 'localhost' },
  preview: { port: 4173 },
  build: { sourcemap: false, target: 'es2022' },
});

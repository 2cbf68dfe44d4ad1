import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Two projects, one runner: unit (components and logic in jsdom), integration (supabase-js and functions against the
// in-process emulator). End-to-end tests run on @playwright/test (playwright.config.ts).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, which on this 2-core machine ran every test file in turn. Test
    // files are independent (each its own in-memory database, or a throwaway one on PostgreSQL 15), and much of their
    // time is startup and waiting, so two side by side take 0.5-0.7 of the time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'content/**/*.test.ts'],
          setupFiles: ['src/testing/setup.ts'],
          // Typing into forms with user-event takes seconds on 2 busy cores; 5 s made long form tests flaky.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          // A worker runs its files one after another in the same module registry instead of a new one per file: the
          // emulator, PGlite and its WebAssembly are loaded once per worker, not once per file, which took the suite
          // from 501 s to 316-321 s on two cores. Each file still starts its own emulator and database. A file that mocks
          // a module, or reads a module-level singleton such as the SPA's Supabase client, calls vi.resetModules()
          // first and imports after it (tests/saved-search-undo.test.ts, tests/blog-reads.test.ts).
          isolate: false,
          include: ['tests/**/*.test.ts', 'emulator/**/*.test.ts', 'supabase/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

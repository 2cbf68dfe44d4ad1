// `npm run bench:bundle`: builds the app into a temporary folder and prints, for each public route, the gzipped
// JavaScript and CSS a first visit downloads before the page can render: the entry chunk and its static imports,
// plus the route's lazy chunk and its static imports (from the Vite manifest), and the pre-app module every
// prerendered page fetches with them. The home page has a budget of
// 150 KB of gzipped JavaScript; the script exits with 1 when it is exceeded.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { paths, publicPaths } from '../src/config/paths.ts';
import { PRE_APP_SOURCE, routeSource } from './prerender.ts';

const HOME_BUDGET_KB = 150;

// The build only needs these to exist; the app reads them when it first talks to Supabase.
process.env.VITE_SUPABASE_URL ||= 'http://127.0.0.1:54321';
process.env.VITE_SUPABASE_ANON_KEY ||= 'bench-bundle-anon-key-placeholder-value';

type Output = {
  output: {
    type: string;
    fileName: string;
    isEntry?: boolean;
    modules?: Record<string, { renderedLength: number }>;
  }[];
};

const routes: { route: string; file: string }[] = [
  ...publicPaths.map((p) => ({ route: p, file: routeSource(p) })),
  { route: '/blog/{slug}', file: routeSource(paths.article('{slug}')) },
  { route: '(404)', file: 'src/app/routes/not-found.tsx' },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const outDir = await mkdtemp(path.join(tmpdir(), 'flipwise-bench-'));
  try {
    const result = (await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true },
    })) as Output | Output[];
    const output = (Array.isArray(result) ? result[0] : result).output;
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

    const gzipCache = new Map<string, number>();
    const gz = (file: string) => {
      if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(outDir, file))).length);
      return gzipCache.get(file)!;
    };

    // A manifest key, its static imports (recursively) and the CSS they pull in.
    const closure = (key: string, js = new Set<string>(), css = new Set<string>()) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return { js, css };
      js.add(chunk.file);
      chunk.css?.forEach((f) => css.add(f));
      chunk.imports?.forEach((k) => closure(k, js, css));
      return { js, css };
    };

    // The app's entry (the pre-app module is the build's other entry).
    const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
    if (!entryKey) throw new Error('No entry in the Vite manifest');
    const entry = closure(entryKey);
    // A prerendered page fetches the pre-app module with the app's (docs/decisions/065): it counts as the entry's.
    const preApp = manifest[PRE_APP_SOURCE];
    if (!preApp) throw new Error(`No ${PRE_APP_SOURCE} in the Vite manifest`);
    closure(PRE_APP_SOURCE, entry.js, entry.css);
    const entryJs = [...entry.js].reduce((sum, f) => sum + gz(f), 0);
    const entryCss = [...entry.css].reduce((sum, f) => sum + gz(f), 0);

    console.log(`\nFirst-visit downloads per route (gzip, level 6), built with Vite into ${outDir}\n`);
    console.log(
      `${'route'.padEnd(20)}${'JS'.padStart(11)}${'CSS'.padStart(11)}${'files'.padStart(8)}   route chunk`,
    );
    console.log(
      `${'(entry only)'.padEnd(20)}${kb(entryJs).padStart(11)}${kb(entryCss).padStart(11)}${String(entry.js.size + entry.css.size).padStart(8)}`,
    );
    console.log(`${'  of which pre-app'.padEnd(20)}${kb(gz(preApp.file)).padStart(11)}`);
    let homeJs = 0;
    for (const { route, file } of routes) {
      if (!manifest[file]) {
        console.log(`${route.padEnd(20)}  (no chunk for ${file})`);
        continue;
      }
      const { js, css } = closure(file, new Set(entry.js), new Set(entry.css));
      const jsBytes = [...js].reduce((sum, f) => sum + gz(f), 0);
      const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
      if (route === '/') homeJs = jsBytes;
      console.log(
        `${route.padEnd(20)}${kb(jsBytes).padStart(11)}${kb(cssBytes).padStart(11)}${String(js.size + css.size).padStart(8)}   ${manifest[file].file} ${kb(gz(manifest[file].file))}`,
      );
    }

    // What makes the entry heavy: rendered bytes per package in the entry's own chunks (relative sizes only).
    const byPackage = new Map<string, number>();
    for (const chunk of output) {
      if (chunk.type !== 'chunk' || !entry.js.has(chunk.fileName) || !chunk.modules) continue;
      for (const [id, info] of Object.entries(chunk.modules)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replace(/\\/g, '/'));
        const name = match ? match[1] : 'app code (src/)';
        byPackage.set(name, (byPackage.get(name) ?? 0) + info.renderedLength);
      }
    }
    const top = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log('\nEntry chunks by package (rendered bytes, before minification and gzip):');
    for (const [name, bytes] of top) console.log(`  ${name.padEnd(34)}${kb(bytes).padStart(10)}`);
    const supabaseInEntry = [...byPackage.keys()].some((name) => name.startsWith('@supabase/'));
    console.log(
      `\n@supabase/* in the entry: ${supabaseInEntry ? 'YES (it should load only with the pages that fetch)' : 'no'}`,
    );

    // Once the app is up, a visitor's page fetches what a first Login or Register needs at idle (decision 062), each
    // step beyond what came before: not part of the budget above, which is what / needs before it can answer a tap.
    const home = closure('src/app/routes/home.tsx', new Set(entry.js), new Set(entry.css));
    console.log(
      '\nFetched at idle after / has started, for the first Login or Register (gzip, beyond the above):',
    );
    for (const [label, key] of [
      ['the login and register dialog', 'src/features/auth/components/auth-dialog.tsx'],
      ['its validation (zod)', 'src/features/auth/form-resolvers.ts'],
      ['the auth client (supabase-js)', 'src/features/auth/api/index.ts'],
    ] as const) {
      const before = new Set(home.js);
      const { js } = closure(key, home.js, home.css);
      const added = [...js].filter((f) => !before.has(f));
      console.log(`  ${label.padEnd(34)}${kb(added.reduce((sum, f) => sum + gz(f), 0)).padStart(10)}`);
    }

    const ok = homeJs <= HOME_BUDGET_KB * 1024;
    console.log(
      `Budget: / downloads ${kb(homeJs)} of gzipped JavaScript (limit ${HOME_BUDGET_KB} KB): ${ok ? 'OK' : 'OVER BUDGET'}\n`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

await main();

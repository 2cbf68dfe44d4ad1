// `npm run build`'s last step: renders every public route to static HTML with the app's own React tree
// (src/entry-server.tsx, built here with Vite's SSR build), so each page arrives finished and is hydrated by the same
// app. Writes dist/<route>/index.html, dist/index.html (the home page), dist/app.html (the SPA shell every other path
// falls back to), dist/404.html (the same shell, for unknown paths) and Netlify's _redirects; vercel.json (repository
// root) and the README's nginx snippet say the same.
import Beasties from 'beasties';
import postcss, { type AtRule } from 'postcss';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { paths, publicPaths } from '../src/config/paths.ts';
import { DEFAULT_SITE_URL, normalizeSiteUrl } from '../src/config/site-url.ts';
import type { RenderedPage } from '../src/entry-server.tsx';
import type { BlogArticle } from '../src/features/blog/schemas.ts';
import { buildArticlesOnce, type BuildArticlesOptions } from './build-articles.ts';

/** The file every path that was not prerendered gets: the app with an empty root, which routes on the client. */
export const SHELL_FILE = 'app.html';

/** What hosts serve, with status 404, for a path that matches no file and no rule. */
export const NOT_FOUND_FILE = '404.html';

/** Paths only the client renders (signed-in pages, and articles published after the build): the shell, status 200. */
export const CLIENT_ONLY_PATHS = [
  paths.login,
  paths.account,
  paths.sales,
  paths.salesImport,
  paths.resetPassword,
] as const;

type EntryServer = {
  render: (url: string, articles: BlogArticle[], buildTime?: number) => Promise<RenderedPage>;
  renderPreApp: () => string;
};

/** What a tap shows before the app is up (src/pre-app/main.ts): one file for every page, fetched by the boot script. */
export const PRE_APP_FILE = 'pre-app.html';
/** The pre-app module's source, a second entry of the client build (vite.config.ts). */
export const PRE_APP_SOURCE = 'src/pre-app/main.ts';

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;

/**
 * Fills the client build's index.html with one rendered page. The data the page was rendered with is not in it: it
 * goes to the page's own PAGE_DATA_FILE (pageData), which only the app needs, so the document stays within the first
 * round trips of a slow connection (docs/decisions/062).
 */
export function pageHtml(template: string, page: RenderedPage): string {
  if (!template.includes(ROOT) || !TITLE.test(template))
    throw new Error('dist/index.html has no <title> or empty root');
  return template.replace(TITLE, () => page.head).replace(ROOT, () => `<div id="root">${page.html}</div>`);
}

/** Beside each prerendered page's index.html: the React Query cache and router data it was rendered with. */
export const PAGE_DATA_FILE = 'page-data.json';

/**
 * What the app hydrates a prerendered page with (src/main.tsx), and what the boot script fetches with the app
 * (bootWhenIdle): `modules`, the route's chunks; `tap`, per `data-prefetch` name, the chunks a control's first tap
 * needs beyond those. `build` ties it to the HTML of the same build.
 */
export type PageData = {
  build: string;
  queryState: unknown;
  routerState: unknown;
  modules: string[];
  tap: Record<string, string[]>;
};

export function pageData(
  page: RenderedPage,
  build: string,
  modules: { already: string[]; route: string[]; tap: Record<string, string[]> } = {
    already: [],
    route: [],
    tap: {},
  },
): string {
  const route = modules.route.filter((href) => !modules.already.includes(href));
  const fetched = new Set([...modules.already, ...route]);
  const tap = Object.fromEntries(
    Object.entries(modules.tap).map(([name, files]) => [name, files.filter((href) => !fetched.has(href))]),
  );
  const data: PageData = {
    build,
    queryState: page.queryState,
    routerState: page.routerState,
    modules: route,
    tap,
  };
  return JSON.stringify(data);
}

/** The address of a route's page data. */
export function pageDataPath(route: string): string {
  return route === '/' ? `/${PAGE_DATA_FILE}` : `${route}/${PAGE_DATA_FILE}`;
}

const ENTRY = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g;

/**
 * A prerendered page is complete without JavaScript, and its app starts once the page has painted (docs/decisions/062,
 * which supersedes 046's start on first use): nothing but the document is fetched before the first paint (decision
 * 050); after load, two frames and REST_DELAY_MS, the whole stylesheet and the modules the page needs (the entry's,
 * plus its route's: no request chain on a slow phone) are fetched, and the app is imported when the main thread is
 * next idle. It hydrates as a transition, in slices (src/main.tsx), so a tap is never queued behind one long task.
 * Any sign of use before that (a pointer over the page, a touch, a key, focus, a wheel) starts it at once, as do a
 * stored session, an email link or a search in the URL. A click on a button or a form submitted before the app is up
 * is held and handed to the app once it has hydrated (src/main.tsx); links work without it, as the pages are files.
 */
export const WAKE_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
] as const;

// Beasties' non-blocking link for the whole stylesheet (media="print" until loaded); the <noscript> copy stays.
const DEFERRED_CSS = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*media="print"[^>]*>/;

/** The pause after the first paint before the stylesheet and modules are fetched. */
export const REST_DELAY_MS = 300;

/** The entry module and the modules it imports, as Vite wrote them into dist/index.html. */
export function entryModules(html: string): { entry: string; imports: string[] } {
  const entry = ENTRY.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html has no module entry script');
  return { entry, imports: [...html.matchAll(PRELOAD)].map((m) => m[1]!).filter((href) => href !== entry) };
}

/**
 * The page's boot script, which replaces Vite's entry script and preloads. Its size is the same on every page: the
 * page's own modules come with its data (`data`, PAGE_DATA_FILE: the route's chunks, and per `data-prefetch` name
 * the chunks a control's first tap needs), so the document stays within the first round trip of a slow connection.
 * Whoever reaches for a control marked `data-prefetch` before the app is up (the event that starts the app lands on
 * it, or a click on it while the app is still on its way) gets its chunks at once, beside the app's, rather than
 * after the page has hydrated.
 */
export function bootWhenIdle(html: string, data?: { path: string; build: string; preApp?: string }): string {
  const { entry, imports } = entryModules(html);
  // The pre-app module and its markup come with the app's modules; every click held for the app is handed to it.
  const preApp = data?.preApp;
  const fetchPreApp = preApp
    ? `window.__FLIPWISE_PRE_APP__=fetch(${JSON.stringify(`/${PRE_APP_FILE}?v=${data.build}`)}).then((r)=>r.ok?r.text():null,()=>null);pre([${JSON.stringify(preApp)}]);`
    : '';
  const answerPreApp = preApp
    ? `import(${JSON.stringify(preApp)}).then(()=>window.__FLIPWISE_ANSWER__(t),()=>{});`
    : '';
  const stylesheet = DEFERRED_CSS.exec(html)?.[1];
  const readData = data
    ? `fetch(${JSON.stringify(`${data.path}?v=${data.build}`)}).then((r)=>r.ok?r.json():null).then((d)=>d&&d.build===${JSON.stringify(data.build)}?d:null,()=>null).then((d)=>{D=d;if(d){pre(d.modules);if(want)pre(d.tap[want]||[])}return d})`
    : 'Promise.resolve(null)';
  // After load, two frames and a short pause: the first paint has reached the screen before anything else is asked for.
  // (A module script runs before load, so the listener is never late.)
  const boot = `<script type="module">
const E=${JSON.stringify(WAKE_EVENTS)};let woken=false,fetched=false,D=null,want=null;
const pre=(hrefs)=>{for(const href of hrefs){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;document.head.append(l)}};
const fetchRest=()=>{if(fetched)return;fetched=true;window.__FLIPWISE_PAGE_DATA__=${readData};${fetchPreApp}${stylesheet ? `{const c=document.createElement('link');c.rel='stylesheet';c.href=${JSON.stringify(stylesheet)};document.head.append(c)}` : ''}pre(${JSON.stringify(imports)})};
const wake=(e)=>{const k=!want&&e&&e.target instanceof Element&&e.target.closest('[data-prefetch]');if(k){want=k.dataset.prefetch;if(D)pre(D.tap[want]||[])}if(woken)return;woken=true;for(const e of E)removeEventListener(e,wake,true);fetchRest();import(${JSON.stringify(entry)})};
const hold=(e)=>{if(window.__FLIPWISE_HYDRATED__)return;const t=e.target instanceof Element&&e.target.closest(e.type==='submit'?'form':'button,[role=button]');if(!t||t.closest('[data-pre-app]'))return;e.preventDefault();e.stopImmediatePropagation();window.__FLIPWISE_HELD__={type:e.type,target:t};wake(e);${answerPreApp}};
addEventListener('click',hold,true);addEventListener('submit',hold,true);
for(const e of E)addEventListener(e,wake,{capture:true,passive:true});
if(location.search||location.hash.length>1||'session' in document.documentElement.dataset)wake();
const idle=window.requestIdleCallback||((f)=>setTimeout(f,1));
addEventListener('load',()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(()=>{fetchRest();idle(()=>wake(),{timeout:${IDLE_TIMEOUT_MS}})},${REST_DELAY_MS}))),{once:true});
</script>`;
  return html
    .replace(PRELOAD, '')
    .replace(ENTRY, '')
    .replace(DEFERRED_CSS, '')
    .replace('</body>', () => `  ${boot}\n  </body>`);
}

/** How long the app waits for an idle main thread once its modules are asked for, at most. */
export const IDLE_TIMEOUT_MS = 1000;

/** The part of Vite's build manifest (build.manifest) the prerender reads. */
export type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** What a control marked `data-prefetch="<name>"` needs on its first tap, by source file (see bootWhenIdle). */
export const FIRST_TAP_MODULES = {
  // Login and Register (src/features/auth/components/account-nav.tsx): the dialog and its forms.
  'auth-dialog': 'src/features/auth/components/auth-dialog.tsx',
} as const;

/** The source file of the route module a prerendered path renders (src/app/router.tsx). */
export function routeSource(route: string): string {
  if (route === paths.home) return 'src/app/routes/home.tsx';
  if (route.startsWith(`${paths.blog}/`)) return 'src/app/routes/blog-article.tsx';
  return `src/app/routes/${route.slice(1)}.tsx`;
}

/** A module's chunk and every chunk it imports statically, as the browser asks for them (absolute paths). */
export function routePreloads(manifest: Manifest, source: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    files.push(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(source);
  return files;
}

/** The page's first reads (auth session, search) go to the Supabase origin: open that connection early. */
export function withPreconnect(template: string, supabaseUrl: string | undefined): string {
  if (!supabaseUrl) return template;
  const origin = new URL(supabaseUrl).origin;
  return template.replace(
    '</title>',
    () => `</title>\n    <link rel="preconnect" href="${origin}" crossorigin />`,
  );
}

/**
 * A prerendered page carries inline the CSS rules its own markup uses (beasties matches every rule against the
 * page), so its first paint waits for the document only, and the document stays within the first round trips of a
 * slow connection. The whole stylesheet follows without blocking (media="print" until it has loaded, with a
 * <noscript> link), for what the app shows later: dialogs, menus, results. Rules for <html data-session> are always
 * kept: index.html sets it before the first paint for a returning user (decision 046). The shell keeps its plain link:
 * it paints nothing before the app runs anyway.
 */
export async function inlineCriticalCss(html: string, outDir: string): Promise<string> {
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'media',
    noscriptFallback: true,
    pruneSource: false,
    inlineFonts: false,
    // Arbitrary variants (`[&_svg]:size-4`) escape characters beasties' selector matching drops; there are few.
    allowRules: [/data-session/, /\\\[\\&/],
    logLevel: 'silent',
  });
  const inlined = await beasties.process(html);
  return inlined.replace(
    /<style>([\s\S]*?)<\/style>/g,
    (_, css: string) => `<style>${withoutLaterRules(css)}</style>`,
  );
}

/**
 * Rules that only matter once a visitor moves a mouse over the page (`:hover`) or something changes (transitions)
 * wait for the whole stylesheet, which follows the first paint by a few hundred milliseconds: an article's document
 * then fits the first round trip of a slow connection (issue 23). Focus styles stay: a keyboard user's first Tab must
 * show where it went.
 */
export function withoutLaterRules(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => !/:hover\b/.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
    else if (rule.nodes.every((node) => node.type === 'decl' && /^transition/.test(node.prop))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/** The shell says noindex: it answers addresses that are not pages of their own. */
export function shellHtml(template: string): string {
  return template.replace(
    TITLE,
    () => '<title>Flipwise</title>\n    <meta name="robots" content="noindex" />',
  );
}

/** Netlify: prerendered files win (rules only apply when no file matches), then the shell. */
export function netlifyRedirects(): string {
  return [
    '# Written by scripts/prerender.ts. Files in this folder are served first; these rules catch the rest.',
    ...CLIENT_ONLY_PATHS.map((p) => `${p}  /${SHELL_FILE}  200`),
    `${paths.blog}/*  /${SHELL_FILE}  200`,
    `/*  /${NOT_FOUND_FILE}  404`,
    '',
  ].join('\n');
}

export function routeFile(outDir: string, route: string): string {
  return route === '/' ? path.join(outDir, 'index.html') : path.join(outDir, route.slice(1), 'index.html');
}

/**
 * `vite build` of the client into `outDir` against a Supabase project (its URL and anon key go into the bundle), as
 * `npm run build` does before the prerender; the benches and the end-to-end site build this way.
 */
export async function buildClient(outDir: string, supabase: { url: string; anonKey: string }) {
  process.env.VITE_SUPABASE_URL = supabase.url;
  process.env.VITE_SUPABASE_ANON_KEY = supabase.anonKey;
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

export type PrerenderOptions = BuildArticlesOptions & {
  /** The client build's folder (dist). */
  outDir?: string;
  log?: (line: string) => void;
};

/** Builds the server entry, renders every public route and every published article into `outDir`. */
export async function prerender(
  options: PrerenderOptions = {},
): Promise<{ routes: string[]; origin: string }> {
  const outDir = path.resolve(options.outDir ?? 'dist');
  const log = options.log ?? ((line: string) => console.log(line));
  // Inside the project, so the server bundle resolves its dependencies from node_modules.
  const ssrDir = path.resolve('node_modules/.flipwise-ssr');
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: path.resolve('src/entry-server.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: {
        // The server bundle renders the auth dialog's static copy (renderPreApp), so the dialog the app loads lazily
        // is also imported statically here: true, and of no consequence for a bundle that is never downloaded.
        onwarn(warning, warn) {
          if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
        },
      },
    },
  });
  const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as EntryServer;
  const { articles, origin } = await buildArticlesOnce(options);

  const template = withPreconnect(
    await readFile(path.join(outDir, 'index.html'), 'utf8'),
    options.supabaseUrl ?? process.env.VITE_SUPABASE_URL,
  );
  await writeFile(path.join(outDir, SHELL_FILE), shellHtml(template));
  // Netlify, Vercel and nginx (error_page) answer unmatched paths with 404.html and status 404: the same shell, which
  // renders the app's own 404 page (and redirects capitalised paths).
  await writeFile(path.join(outDir, NOT_FOUND_FILE), shellHtml(template));

  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const tapModules = Object.fromEntries(
    Object.entries(FIRST_TAP_MODULES).map(([name, source]) => [name, routePreloads(manifest, source)]),
  );
  const buildTime = Date.now();
  const preAppChunk = manifest[PRE_APP_SOURCE];
  if (!preAppChunk) throw new Error(`The build manifest has no ${PRE_APP_SOURCE}`);
  await writeFile(path.join(outDir, PRE_APP_FILE), entry.renderPreApp());
  const routes = [...publicPaths, ...articles.map((a) => paths.article(a.slug))];
  for (const route of routes) {
    const page = await entry.render(route, articles, buildTime);
    if (page.status !== 200) throw new Error(`${route} rendered with status ${page.status}`);
    const file = routeFile(outDir, route);
    await mkdir(path.dirname(file), { recursive: true });
    const html = await inlineCriticalCss(pageHtml(template, page), outDir);
    const build = String(buildTime);
    const app = entryModules(html);
    await writeFile(
      path.join(path.dirname(file), PAGE_DATA_FILE),
      pageData(page, build, {
        already: [app.entry, ...app.imports],
        route: routePreloads(manifest, routeSource(route)),
        tap: tapModules,
      }),
    );
    await writeFile(
      file,
      bootWhenIdle(html, { path: pageDataPath(route), build, preApp: `/${preAppChunk.file}` }),
    );
  }
  await writeFile(path.join(outDir, '_redirects'), netlifyRedirects());
  await rm(ssrDir, { recursive: true, force: true });
  log(
    `prerendered ${routes.length} pages (${articles.length} articles from ${origin === 'database' ? 'the database' : 'content/blog'}) for ${normalizeSiteUrl(process.env.VITE_SITE_URL) || DEFAULT_SITE_URL}`,
  );
  return { routes, origin };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  prerender().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type ConfigEnv, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API (apps/api) serves this build from one origin in production; in `vite` dev the
// calls to /api go through the proxy below to the API on port 3000.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * The parts of the app the entry starts one task after another (`import()` in main.tsx), as
 * the Vite manifest names them. They belong to the shell: same file, preloaded with it.
 */
const startPartKeys = ['src/app/provider.tsx', 'src/app/router.tsx'];

/** The files the entry loads (itself, its static imports and its start parts), from the Vite manifest. */
function shellFiles(): Set<string> {
  const manifestPath = `${outDir}/.vite/manifest.json`;
  const files = new Set<string>();
  if (!existsSync(manifestPath)) return files;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    {
      file: string;
      isEntry?: boolean;
      imports?: string[];
      dynamicImports?: string[];
      css?: string[];
    }
  >;
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const part of chunk.dynamicImports ?? []) if (startPartKeys.includes(part)) visit(part);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * A lazy chunk's preload list leaves out what its importer has already loaded: the chunks the
 * importer imports statically (for a page, the shell). Those files are in the browser already,
 * and listing them again for every page made the entry carry a long list of names.
 */
function chunkGraph() {
  const imports = new Map<string, string[]>();
  const closure = (file: string, seen = new Set<string>()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imported of imports.get(file) ?? []) closure(imported, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'pathways:chunk-graph',
      enforce: 'pre' as const,
      generateBundle(_: unknown, bundle: Record<string, { type: string; imports?: string[] }>) {
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') imports.set(file, output.imports ?? []);
        }
      },
    },
    withoutLoaded(host: string, deps: string[]): string[] {
      if (!imports.has(host)) return deps;
      const loaded = closure(host);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
const graph = chunkGraph();

const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const startParts = startPartKeys.map((part) =>
  fileURLToPath(new URL(`./${part}`, import.meta.url)),
);

/**
 * The start parts' own files (each a line naming what it takes from the shell) are preloaded
 * by the page like the shell, not found only when the entry runs: one round trip, not three.
 */
const preloadStartParts = {
  name: 'pathways:preload-start-parts',
  transformIndexHtml: {
    order: 'post' as const,
    handler(
      html: string,
      ctx: {
        bundle?: Record<string, { type: string; fileName: string; facadeModuleId?: string | null }>;
      },
    ) {
      if (!ctx.bundle) return html;
      const files = Object.values(ctx.bundle)
        .filter(
          (chunk) => chunk.type === 'chunk' && startParts.includes(chunk.facadeModuleId ?? ''),
        )
        .map((chunk) => chunk.fileName);
      return {
        html,
        tags: files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        })),
      };
    },
  },
};
/**
 * The shell: everything the entry imports, with the parts it starts one task after another
 * (`import()` of its own modules, see main.tsx) and what they import. One file: on a phone each
 * request costs a round trip, and these are always loaded together. The modules are followed
 * through their imports as written, so a module a barrel re-exports comes along even when the
 * shell does not use it (the bundler's own `$initial` tag knows better, but not about parts
 * started with `import()`). Worked out once per build (`shellGrouping.plugin` starts it afresh).
 */
function shellChunk(
  id: string,
  ctx: {
    getModuleInfo: (
      id: string,
    ) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
  },
): string | null {
  if (!shellModules) {
    shellModules = new Set();
    const visit = (moduleId: string, withDynamic: boolean) => {
      if (shellModules!.has(moduleId)) return;
      const info = ctx.getModuleInfo(moduleId);
      if (!info) return;
      shellModules!.add(moduleId);
      for (const imported of info.importedIds) visit(imported, false);
      if (withDynamic) {
        for (const imported of info.dynamicallyImportedIds) {
          if (startParts.some((part) => imported === part)) visit(imported, false);
        }
      }
    };
    visit(entryModule, true);
  }
  return shellModules.has(id) ? 'shell' : null;
}
let shellModules: Set<string> | undefined;
const shellGrouping = {
  name: 'pathways:shell-grouping',
  buildStart() {
    shellModules = undefined;
  },
};

/**
 * The public pages the server renders (its entry lists them): the service worker leaves their
 * navigations to the network. The worker's own route repeats these patterns, since its code is
 * copied into the worker without what it refers to.
 */
const serverRenderedPages = [
  /^\/$/,
  /^\/employers$/,
  /^\/opportunities(\/[^/]+){0,2}$/,
  /^\/organizations\/[^/]+(\/[^/]+)?$/,
  /^\/listings\/[^/]+$/,
  /^\/campaign\/[^/]+$/,
];

/**
 * The browser build inlines each small shared chunk into the chunks that import it: a module of
 * a few hundred bytes shared by two pages was a request of its own, and on a phone a request
 * costs a round trip and its headers. The code is duplicated where it is shared, which costs
 * fewer bytes than the requests it saves. The server build (one file per entry, no requests)
 * keeps its entry's exports and is left alone.
 */
const inlineSmallChunks = {
  name: 'pathways:inline-small-chunks',
  config(config: UserConfig, env: ConfigEnv) {
    if (env.isSsrBuild) return;
    const rolldown = (config.build!.rolldownOptions ??= {});
    // Inlining needs the bundler free to drop an entry's exports, which an app does not use.
    rolldown.preserveEntrySignatures = false;
    const output = rolldown.output as { codeSplitting: Record<string, unknown> };
    // Measured (BENCHMARKS.md): 12 KiB gives the fewest bytes on a candidate's everyday path with
    // the fewest requests; 8 KiB cost 18 more requests for nothing, 16 KiB 9 kB more of copies.
    output.codeSplitting.experimentalInlineCommonChunks = { maxSize: 12 * 1024 };
  },
};

/**
 * The server build is a production build like the browser's, whatever mode the server runs in:
 * React, MUI, emotion and the rest are bundled into it with their production code. Loaded from
 * node_modules at run time instead, they followed the server's NODE_ENV: a server started in
 * development mode rendered with React's development build (about twice as slow) and with
 * emotion's labelled class names (`css-1sj3ndu-MuiPaper-root`), which the browser's production
 * styles (`css-1sj3ndu`) do not recognise, so on hydration every style of the page was worked out
 * and inserted a second time.
 */
const productionServerBuild = {
  name: 'pathways:production-server-build',
  config(_config: UserConfig, env: ConfigEnv): UserConfig | undefined {
    if (!env.isSsrBuild) return undefined;
    return {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      ssr: { noExternal: true },
    };
  },
};

export default defineConfig({
  plugins: [
    graph.plugin,
    shellGrouping,
    inlineSmallChunks,
    preloadStartParts,
    productionServerBuild,
    react(),
    VitePWA({
      // An update-available dialog offers Update now / Update later,
      // so the new service worker waits until the user accepts it.
      registerType: 'prompt',
      injectRegister: false,
      // The install icons are fetched by the browser when someone installs the app, not precached.
      includeManifestIcons: false,
      manifest: {
        name: 'Pathways',
        short_name: 'Pathways',
        description: 'Find jobs, bursaries and scholarships you qualify for, apply and track them.',
        theme_color: '#c2410c',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Many candidates pay for every megabyte: precache only the shell (the HTML, the
        // entry and its static imports, the favicon) and cache page chunks as they are visited.
        // The install icons (PNG) are fetched by the browser when someone installs the app.
        globPatterns: ['index.html', '*.{svg,webmanifest}', 'assets/*.{js,css}'],
        manifestTransforms: [
          (entries) => {
            const shell = shellFiles();
            return {
              manifest: entries.filter(
                (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
              ),
              warnings: [],
            };
          },
        ],
        // `/` is a server-rendered page, not the precached index.html.
        directoryIndex: null,
        navigateFallback: '/index.html',
        // The public pages the server renders come from the network, with their content; the
        // shell would show them only after every script had run. Offline, the copy of the page
        // from the last visit shows, else the shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/legal\//, /^\/dev\//, ...serverRenderedPages],
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              [
                /^\/$/,
                /^\/employers$/,
                /^\/opportunities(\/[^/]+){0,2}$/,
                /^\/organizations\/[^/]+(\/[^/]+)?$/,
                /^\/listings\/[^/]+$/,
                /^\/campaign\/[^/]+$/,
              ].some((page) => page.test(url.pathname)),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'pathways-pages',
              networkTimeoutSeconds: 10,
              expiration: { maxEntries: 30, maxAgeSeconds: 60 * 60 * 24 * 7 },
              // Neither the network nor a copy of the page: the shell renders it.
              precacheFallback: { fallbackURL: '/index.html' },
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'pathways-assets',
              expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 30 },
            },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // bench/guest-bundle.ts reads the manifest to find what a guest's first page loads.
    manifest: true,
    // PATHWAYS_SOURCEMAP=1 writes source maps, to see which modules a chunk holds.
    sourcemap: process.env.PATHWAYS_SOURCEMAP === '1',
    target: 'es2022',
    // Every browser that runs this build supports <link rel=modulepreload>.
    rolldownOptions: {
      // Short file names: the entry lists the files each page needs, so every character counts.
      output: {
        chunkFileNames: 'assets/[hash].js',
        // Everything the entry imports statically goes in one file: on a phone each request
        // costs a round trip, and these are always loaded together.
        codeSplitting: { groups: [{ name: shellChunk }] },
      },
    },
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? graph.withoutLoaded(hostId, deps) : deps,
    },
  },
});

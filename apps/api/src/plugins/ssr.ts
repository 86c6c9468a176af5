import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import type { FastifyInstance } from 'fastify';

import { scriptSafeJson } from '@pathways/shared/common/script-json';

/** What the web app's server entry renders for a public page. */
interface RenderedPage {
  status: number;
  html: string;
  state: string | null;
  /** The page's styles as <style> elements, for the head. */
  css: string;
  /** The page's route module as the client build's manifest names it. */
  routeModule: string;
}

interface ServerEntry {
  renderPage: (
    url: string,
    send: (url: string, init: RequestInit) => Promise<Response>,
    options: { saveData: boolean },
  ) => Promise<RenderedPage | undefined>;
}

/** A public page as a whole document: index.html (with its head) and the page inside the root. */
export type PageRenderer = (
  url: string,
  indexHtml: string,
  scriptNonce: string,
  /** The browser asks to save data (`Save-Data: on`): the page leaves out what is optional. */
  saveData?: boolean,
) => Promise<{ status: number; html: string } | undefined>;

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The client build's manifest: each module's file and the chunks it imports statically. */
export type ClientManifest = Record<
  string,
  { file: string; isEntry?: boolean; imports?: readonly string[] }
>;

/**
 * The script files a page's route needs beyond the shell: the route's chunk and what it imports
 * statically, less what the entry loads anyway (index.html preloads those). Preloaded by the
 * page's HTML, they download beside the shell instead of after it has started (on a phone, a
 * round trip before the page answers a tap).
 */
export function routeScripts(manifest: ClientManifest, routeModule: string): string[] {
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const shell = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  return [...closure([routeModule])]
    .filter((key) => !shell.has(key))
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
}

/**
 * The scripts of a page that arrives with its content are fetched and started after its first
 * paint. A module script runs as soon as the document is read, and when its files are at hand
 * (a repeat visit, a fast connection) its half-second of work on a phone came before anything
 * showed; and files preloaded from the head share a slow connection with the page itself and
 * hold its first paint back. So the page's own preloads (the shell's, from index.html, and its
 * route's) are made by an inline module with the response's nonce after a frame, which then
 * starts the entry. A page in a background tab, which paints nothing, starts at once.
 */
export function entryAfterPaint(
  indexHtml: string,
  scriptNonce: string,
  routeFiles: readonly string[] = [],
): string {
  const preloads: string[] = [];
  const withoutPreloads = indexHtml.replace(
    /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g,
    (_tag, href: string) => {
      preloads.push(href);
      return '';
    },
  );
  let started = false;
  const html = withoutPreloads.replace(
    /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/,
    (_tag, src: string) => {
      started = true;
      const scripts = [...preloads, ...routeFiles.map((file) => `/${file}`)];
      return (
        `<script type="module" nonce="${escapeAttribute(scriptNonce)}">` +
        `const scripts = ${scriptSafeJson(scripts)};` +
        `const preload = () => { for (const href of scripts) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); } };` +
        `const start = () => import(${JSON.stringify(src)});` +
        `document.hidden ? (preload(), start()) : requestAnimationFrame(() => { preload(); setTimeout(start); });</script>`
      );
    },
  );
  return started ? html : indexHtml;
}

/**
 * index.html with the rendered page in its root and the page's data for the browser. The root
 * names the address it was rendered for (`data-address`, path and query): the browser takes the
 * markup over only while it is still at that address (a move made before the scripts started
 * gets a page rendered afresh).
 */
export function fillDocument(
  indexHtml: string,
  page: RenderedPage,
  scriptNonce: string,
  address: string,
  routeFiles: readonly string[] = [],
): string {
  const state =
    page.state === null
      ? ''
      : `<script type="application/json" id="pathways-state" nonce="${escapeAttribute(scriptNonce)}">${page.state}</script>`;
  return (
    entryAfterPaint(indexHtml, scriptNonce, routeFiles)
      // The page's styles apply from the first paint, before the body is read.
      .replace('</head>', () => `${page.css}</head>`)
      // The page reads without JavaScript.
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
      .replace(
        /<div id="root"><\/div>/,
        () =>
          `<div id="root" data-address="${escapeAttribute(address)}">${page.html}</div>${state}`,
      )
  );
}

/**
 * The server renderer of the public pages, from the web app's server build (`entry`), or
 * undefined when there is none (a development server, tests without a build): the pages are
 * then rendered by the browser alone. The page's API requests are answered in-process as a
 * guest's, so they go through the same routes, validation and access rules.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entry: string,
  clientManifestPath?: string,
): Promise<PageRenderer | undefined> {
  if (!existsSync(entry)) return undefined;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  const manifest: ClientManifest =
    clientManifestPath && existsSync(clientManifestPath)
      ? (JSON.parse(readFileSync(clientManifestPath, 'utf8')) as ClientManifest)
      : {};
  const preloads = new Map<string, string[]>();
  const preloadsOf = (routeModule: string) => {
    let files = preloads.get(routeModule);
    if (!files) preloads.set(routeModule, (files = routeScripts(manifest, routeModule)));
    return files;
  };

  const send = async (url: string): Promise<Response> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  };

  return async (url, indexHtml, scriptNonce, saveData = false) => {
    try {
      const page = await renderPage(url, send, { saveData });
      if (!page) return undefined;
      return {
        status: page.status,
        html: fillDocument(indexHtml, page, scriptNonce, url, preloadsOf(page.routeModule)),
      };
    } catch (error) {
      // The browser can still render the page itself.
      app.log.error({ err: error, url }, 'server rendering failed');
      return undefined;
    }
  };
}

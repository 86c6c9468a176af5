import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import type { FastifyInstance } from 'fastify';

/** What the web app's server entry renders for a public page. */
interface RenderedPage {
  status: number;
  html: string;
  state: string | null;
  /** The page's styles as <style> elements, for the head. */
  css: string;
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

/**
 * The entry script of a page that arrives with its content starts after the first paint. A
 * module script runs as soon as the document is read, and when its files are at hand (a repeat
 * visit, a fast connection) its half-second of work on a phone came before anything showed; the
 * files are still fetched at once (the entry's preloads), only their running waits a frame. A
 * page in a background tab, which paints nothing, starts at once.
 */
export function entryAfterPaint(indexHtml: string, scriptNonce: string): string {
  return indexHtml.replace(
    /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/,
    (_tag, src: string) =>
      `<script type="module" nonce="${escapeAttribute(scriptNonce)}">` +
      `const start = () => import(${JSON.stringify(src)});` +
      `document.hidden ? start() : requestAnimationFrame(() => setTimeout(start));</script>`,
  );
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
): string {
  const state =
    page.state === null
      ? ''
      : `<script type="application/json" id="pathways-state" nonce="${escapeAttribute(scriptNonce)}">${page.state}</script>`;
  return (
    entryAfterPaint(indexHtml, scriptNonce)
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
): Promise<PageRenderer | undefined> {
  if (!existsSync(entry)) return undefined;
  const { renderPage } = (await import(pathToFileURL(entry).href)) as ServerEntry;

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
      return { status: page.status, html: fillDocument(indexHtml, page, scriptNonce, url) };
    } catch (error) {
      // The browser can still render the page itself.
      app.log.error({ err: error, url }, 'server rendering failed');
      return undefined;
    }
  };
}

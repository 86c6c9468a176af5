import { describe, expect, it } from 'vitest';

import { entryAfterPaint, fillDocument, routeScripts, type ClientManifest } from './ssr.ts';

const indexHtml =
  '<!doctype html><html><head><title>Pathways</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/shell.js"></head><body>' +
  '<noscript>Pathways needs JavaScript to run.</noscript><div id="root"></div>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>';

describe('entryAfterPaint', () => {
  it('preloads the scripts and starts the entry from an inline module with the nonce, after a frame', () => {
    const html = entryAfterPaint(indexHtml, 'n0nce', ['assets/route.js']);
    expect(html).not.toContain('src="/assets/index-abc.js"');
    // No preload in the head: the page's files are asked for after its first paint.
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      '<script type="module" nonce="n0nce">const scripts = ["/assets/shell.js","/assets/route.js"];',
    );
    expect(html).toContain(
      'const start = () => import("/assets/index-abc.js");' +
        'document.hidden ? (preload(), start()) : requestAnimationFrame(() => { preload(); setTimeout(start); });</script>',
    );
  });

  it('preloads, in a browser, each script it names once the frame has come, then starts the entry', () => {
    const html = entryAfterPaint(indexHtml, 'n0nce', ['assets/route.js']);
    const code = /<script type="module" nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const appended: { rel: string; crossOrigin: string | null; href: string }[] = [];
    const imported: string[] = [];
    let frame: (() => void) | undefined;
    const document = {
      hidden: false,
      createElement: () => ({ rel: '', crossOrigin: null, href: '' }),
      head: { append: (link: (typeof appended)[number]) => appended.push(link) },
    };
    const run = new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      'importModule',
      code.replace('import(', 'importModule('),
    ) as (...args: unknown[]) => void;
    run(
      document,
      (callback: () => void) => (frame = callback),
      (callback: () => void) => callback(),
      (src: string) => imported.push(src),
    );
    expect(appended).toEqual([]);
    frame!();
    expect(appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/shell.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/route.js' },
    ]);
    expect(imported).toEqual(['/assets/index-abc.js']);
  });

  it('leaves a document without an entry script as it is', () => {
    const plain = '<html><body><div id="root"></div></body></html>';
    expect(entryAfterPaint(plain, 'n0nce')).toBe(plain);
  });
});

describe('fillDocument', () => {
  it('puts the page in the root, its styles in the head, its data after it, and starts the entry after paint', () => {
    const html = fillDocument(
      indexHtml,
      {
        status: 200,
        html: '<h1>Hi</h1>',
        state: '{"queries":[]}',
        css: '<style>h1{}</style>',
        routeModule: 'src/app/routes/opportunities.tsx',
      },
      'n0nce',
      '/opportunities?search=a"b',
      ['assets/route.js', 'assets/list.js'],
    );
    expect(html).toContain('<style>h1{}</style></head>');
    expect(html).toContain(
      'const scripts = ["/assets/shell.js","/assets/route.js","/assets/list.js"];',
    );
    expect(html).not.toContain('<noscript>');
    expect(html).toContain(
      '<div id="root" data-address="/opportunities?search=a&#34;b"><h1>Hi</h1></div><script type="application/json" id="pathways-state" nonce="n0nce">{"queries":[]}</script>',
    );
    expect(html).toContain('requestAnimationFrame(() => { preload(); setTimeout(start); })');
  });
});

describe('routeScripts', () => {
  const manifest: ClientManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js'] },
    '_shell.js': { file: 'assets/shell.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/app/routes/opportunities.tsx': {
      file: 'assets/search.js',
      imports: ['_shell.js', '_card.js', '_styles.css'],
    },
    '_card.js': { file: 'assets/card.js', imports: ['_runtime.js', '_chip.js'] },
    '_chip.js': { file: 'assets/chip.js', imports: ['_card.js'] },
    '_styles.css': { file: 'assets/styles.css' },
    'src/app/routes/home.tsx': { file: 'assets/home.js', imports: ['_shell.js'] },
  };

  it("lists the route's chunk and its static imports, less the shell's files", () => {
    expect(routeScripts(manifest, 'src/app/routes/opportunities.tsx')).toEqual([
      'assets/search.js',
      'assets/card.js',
      'assets/chip.js',
    ]);
    expect(routeScripts(manifest, 'src/app/routes/home.tsx')).toEqual(['assets/home.js']);
  });

  it('lists nothing for a module the manifest does not name (no client build)', () => {
    expect(routeScripts(manifest, 'src/app/routes/gone.tsx')).toEqual([]);
    expect(routeScripts({}, 'src/app/routes/home.tsx')).toEqual([]);
  });
});

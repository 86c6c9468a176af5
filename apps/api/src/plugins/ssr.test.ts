import { describe, expect, it } from 'vitest';

import { entryAfterPaint, fillDocument, routeScripts, type ClientManifest } from './ssr.ts';

const indexHtml =
  '<!doctype html><html><head><title>Pathways</title>' +
  '<link rel="modulepreload" crossorigin href="/assets/shell.js"></head><body>' +
  '<noscript>Pathways needs JavaScript to run.</noscript><div id="root"></div>' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></body></html>';

describe('entryAfterPaint', () => {
  it('starts the entry script from an inline module with the nonce, after a frame', () => {
    const html = entryAfterPaint(indexHtml, 'n0nce');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).toContain(
      '<script type="module" nonce="n0nce">const start = () => import("/assets/index-abc.js");' +
        'document.hidden ? start() : requestAnimationFrame(() => setTimeout(start));</script>',
    );
    // The files are still fetched at once.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/shell.js">');
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
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/route.js"><link rel="modulepreload" crossorigin href="/assets/list.js"><style>h1{}</style></head>',
    );
    expect(html).not.toContain('<noscript>');
    expect(html).toContain(
      '<div id="root" data-address="/opportunities?search=a&#34;b"><h1>Hi</h1></div><script type="application/json" id="pathways-state" nonce="n0nce">{"queries":[]}</script>',
    );
    expect(html).toContain('requestAnimationFrame(() => setTimeout(start))');
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

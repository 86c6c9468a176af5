// Lighthouse mobile on the opportunity search beside the home page: the search's take-over (its
// hydration and the parts it starts) against the lightest public page, each measured three
// times, with the median performance score and total blocking time of each.
//
//   npm run build && npm run bench:search-lighthouse
//   BENCH_RUNS=5 npm run bench:search-lighthouse
//
// Two builds compared on the same host, one after the other (the host's speed moves the
// scores; see lighthouse.ts): copy a build's apps/web/dist and apps/web/dist-ssr aside, and
// name them for the product started by the benchmark:
//
//   WEB_DIST=/tmp/old/dist WEB_SSR_ENTRY=/tmp/old/dist-ssr/entry-server.js npm run bench:search-lighthouse
process.env.BENCH_PAGES ??= '/,/opportunities';
process.env.BENCH_RUNS ??= '3';
await import('./lighthouse.ts');

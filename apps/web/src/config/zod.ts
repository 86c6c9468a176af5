// zod compiles fast parsers with `new Function` when it can, and finds out by trying once. The
// site's Content-Security-Policy allows no eval, so that try is a policy violation in every
// page's console: parse without compiling instead (the forms' schemas are small).
//
// zod keeps its global configuration on `globalThis.__zod_globalConfig` (so every copy of zod
// shares it) and keeps an object it finds there. Setting it here (in place, so a zod already
// loaded sees it too) is `z.config({ jitless: true })` without putting zod itself into the
// first page's download: zod arrives with the pages that validate something.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};

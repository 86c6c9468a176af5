import { z } from 'zod';

// zod compiles fast parsers with `new Function` when it can, and finds out by trying once. The
// site's Content-Security-Policy allows no eval, so that try is a policy violation in every
// page's console: parse without compiling instead (the forms' schemas are small).
z.config({ jitless: true });

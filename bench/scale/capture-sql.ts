// Loaded before the server (`node --import ./bench/scale/capture-sql.ts …`) when a benchmark needs
// the statements a request runs: every statement the process sends to PostgreSQL is appended to
// SCALE_CAPTURE_FILE as a JSON line { text, values }, the values as the driver sends them (text).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import pg from 'pg';

// The driver's own conversion of a bound value to the text it sends.
const utils = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

const file = process.env.SCALE_CAPTURE_FILE;

if (file) {
  const original = pg.Client.prototype.query;
  const prepare = utils.prepareValue;
  pg.Client.prototype.query = function capture(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === 'object' && first !== null ? (first as Record<string, unknown>) : {};
    const text = typeof first === 'string' ? first : (config.text as string | undefined);
    const values =
      (Array.isArray(second) ? second : (config.values as unknown[] | undefined)) ?? [];
    if (text) {
      appendFileSync(file, `${JSON.stringify({ text, values: values.map((v) => prepare(v)) })}\n`);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

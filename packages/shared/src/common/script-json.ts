/**
 * JSON that can sit inside a <script> element (a page's JSON-LD, the data a server-rendered
 * page hands to the browser): `<`, `>` and `&` are escaped, so a text containing `</script>`
 * cannot end the element early, and the line separators JavaScript once rejected are escaped
 * too. `JSON.parse` reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

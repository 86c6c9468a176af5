// Splits plain message text into text and http(s) links, so a link can be rendered as an anchor
// and everything else as text. Nothing is ever interpreted as HTML.

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const url = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that ends a sentence rather than the address.
const trailing = /[.,;:!?)\]}'"]+$/;

export function linkify(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of body.matchAll(url)) {
    const start = match.index;
    let href = match[0];
    const cut = trailing.exec(href);
    if (cut) href = href.slice(0, cut.index);
    if (!isHttpUrl(href)) continue;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'link', text: href, href });
    at = start + href.length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host !== '';
  } catch {
    return false;
  }
}

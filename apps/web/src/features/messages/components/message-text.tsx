import Link from '@mui/material/Link';

import { linkify } from '@pathways/shared/messages/linkify';

/**
 * A message as plain text: never interpreted as HTML. http(s) addresses become links that open
 * in a new tab without handing the new page a reference back.
 */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {linkify(body).map((part, i) =>
        part.kind === 'link' ? (
          <Link
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ color: 'inherit', textDecoration: 'underline', wordBreak: 'break-all' }}
          >
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

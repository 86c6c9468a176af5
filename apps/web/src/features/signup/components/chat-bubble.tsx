import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { visuallyHidden } from '../../../components/ui/visually-hidden';

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.25; }
  40% { opacity: 1; }
`;

/** One message of the conversation: Pathways on the left, the candidate on the right. */
export function ChatBubble({ from, children }: { from: 'pathways' | 'you'; children: ReactNode }) {
  const mine = from === 'you';
  return (
    <Box
      sx={{
        // Holds its hidden "You: " in place: placed against the dialog instead, the hidden text
        // of messages scrolled out of view made the dialog itself scroll.
        position: 'relative',
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        px: 2,
        py: 1.25,
        borderRadius: 2.5,
        borderBottomLeftRadius: mine ? 20 : 4,
        borderBottomRightRadius: mine ? 4 : 20,
        bgcolor: mine ? 'secondary.main' : 'grey.100',
        color: mine ? 'secondary.contrastText' : 'text.primary',
        overflowWrap: 'anywhere',
        whiteSpace: 'pre-line',
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {mine ? 'You: ' : 'Pathways: '}
      </Box>
      {children}
    </Box>
  );
}

/** Three dots while Pathways "types" the next message. */
export function TypingBubble() {
  return (
    <Box
      aria-hidden
      data-testid="typing"
      sx={{
        alignSelf: 'flex-start',
        display: 'flex',
        gap: 0.5,
        px: 2,
        py: 1.5,
        borderRadius: 2.5,
        borderBottomLeftRadius: 4,
        bgcolor: 'grey.100',
      }}
    >
      {[0, 1, 2].map((i) => (
        <Box
          key={i}
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: 'text.secondary',
            animation: `${blink} 1.2s ${i * 0.2}s infinite ease-in-out`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.6 },
          }}
        />
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import { OpportunityCard } from '../../opportunities';

/** Opportunities as a list of cards: one column on a phone, two from tablets up. */
export function OpportunityGrid({
  items,
  headingLevel = 'h3',
  numbered = false,
  label,
}: {
  items: OpportunityListItem[];
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** An ordered list, where the order is the point (a curated listing). */
  numbered?: boolean;
  label?: string;
}): ReactNode {
  return (
    <Box
      component={numbered ? 'ol' : 'ul'}
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map((item) => (
        <Box component="li" key={item.id} sx={{ minWidth: 0 }}>
          <OpportunityCard opportunity={item} headingLevel={headingLevel} />
        </Box>
      ))}
    </Box>
  );
}

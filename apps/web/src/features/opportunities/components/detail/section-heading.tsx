import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The h2 of a section of the opportunity page. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5, fontWeight: 600 }}>
      {children}
    </Typography>
  );
}

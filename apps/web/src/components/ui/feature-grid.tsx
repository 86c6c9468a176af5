import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** A section of what the product offers: a heading, then a card per feature with its icon. */
export function FeatureGrid({
  id,
  heading,
  features,
  columns,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  heading: string;
  features: readonly Feature[];
  /** Cards per row on wide screens. */
  columns: 3 | 4;
}) {
  return (
    <Container component="section" maxWidth="lg" aria-labelledby={id} sx={{ py: { xs: 5, md: 8 } }}>
      <Typography id={id} variant="h2" sx={{ mb: 4 }}>
        {heading}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: `repeat(${columns}, 1fr)` },
        }}
      >
        {features.map((feature) => (
          <Paper component="li" key={feature.title} variant="outlined" sx={{ p: 3 }}>
            <Box
              aria-hidden="true"
              sx={{
                display: 'inline-flex',
                p: 1,
                mb: 1.5,
                borderRadius: 2,
                bgcolor: '#ffedd5',
                color: 'primary.dark',
              }}
            >
              {feature.icon}
            </Box>
            <Typography variant="h3" sx={{ mb: 1, fontSize: '1.15rem' }}>
              {feature.title}
            </Typography>
            <Typography color="text.secondary">{feature.text}</Typography>
          </Paper>
        ))}
      </Box>
    </Container>
  );
}

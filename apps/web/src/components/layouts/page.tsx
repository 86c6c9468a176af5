import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of every page: a width, breathing room and one h1. */
export function Page({
  title,
  children,
  maxWidth = 'lg',
  subtitle,
}: {
  title: ReactNode;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  subtitle?: ReactNode;
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        variant="h1"
        sx={{
          mb: subtitle ? 1 : 3,
          fontSize: { xs: '1.75rem', md: '2.25rem' },
          overflowWrap: 'anywhere',
        }}
      >
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Container>
  );
}

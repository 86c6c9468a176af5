import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#c2410c" />
      <path
        d="M16 50c6-14 14-10 20-20s4-14 12-16"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="48" cy="14" r="5" fill="#fde68a" />
    </svg>
  );
}

/** The Pathways logo, a link to the viewer's start page; the word hides on narrow phones. */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Pathways home"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 800,
        fontSize: '1.3rem',
        letterSpacing: '-0.02em',
        borderRadius: 1,
        flexShrink: 0,
        '&:focus-visible': {
          outline: '3px solid',
          outlineColor: 'secondary.main',
          outlineOffset: 2,
        },
      }}
    >
      <LogoMark />
      <Box
        component="span"
        aria-hidden="true"
        sx={{ display: compact ? { xs: 'none', sm: 'inline' } : 'inline' }}
      >
        Pathways
      </Box>
    </Box>
  );
}

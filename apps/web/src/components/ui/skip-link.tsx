import Box from '@mui/material/Box';

/** A keyboard user's first Tab: jump past the top bar and drawer to the page. */
export function SkipLink({ target }: { target: string }) {
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        // Move focus without touching the URL hash, which opens dialogs (#signup).
        event.preventDefault();
        document.getElementById(target)?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: -100,
        zIndex: 2000,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        px: 2,
        py: 1,
        borderRadius: 1,
        fontWeight: 600,
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}

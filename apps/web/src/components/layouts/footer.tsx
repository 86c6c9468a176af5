import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { env } from '../../config/env';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        px: { xs: 2, md: 4 },
        py: 2.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 3 },
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Pathways. All rights reserved.
      </Typography>
      <Box
        component="nav"
        aria-label="Legal and company"
        sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}
      >
        <Link
          component={RouterLink}
          to="/employers"
          variant="body2"
          color="text.secondary"
          underline="hover"
        >
          For employers
        </Link>
        <Link href={env.privacyPolicyUrl} variant="body2" color="text.secondary" underline="hover">
          Privacy policy
        </Link>
        <Link href={env.termsUrl} variant="body2" color="text.secondary" underline="hover">
          Terms of use
        </Link>
      </Box>
    </Box>
  );
}

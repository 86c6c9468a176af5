import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';

// notistack's own colours are too light for white text; use the theme's AA-safe shades.
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  '&.notistack-MuiContent-default': { backgroundColor: '#1f2937' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

const components = {
  default: Content,
  info: Content,
  success: Content,
  warning: Content,
  error: Content,
};

/** Snackbars default to info and close after 6000 ms. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      variant="info"
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={components}
    >
      {children}
    </SnackbarProvider>
  );
}

import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';

import { snackbarsReady } from './snackbar';

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

/** notistack's provider, mounted once the first snackbar is asked for. */
export default function SnackbarHost() {
  useEffect(() => {
    snackbarsReady({
      enqueueSnackbar: (message, options) => enqueueSnackbar(message, options),
      closeSnackbar: (key) => closeSnackbar(key),
    });
    return () => snackbarsReady(null);
  }, []);
  return (
    <SnackbarProvider
      variant="info"
      autoHideDuration={SNACKBAR_TIMEOUT_MS}
      maxSnack={3}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={components}
    />
  );
}

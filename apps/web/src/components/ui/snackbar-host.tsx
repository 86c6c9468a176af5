import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import {
  closeSnackbar,
  enqueueSnackbar,
  SnackbarContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack';
import { forwardRef, useEffect } from 'react';

import { SNACKBAR_TIMEOUT_MS } from '@pathways/shared/common/constants';

import { snackbarsReady } from './snackbar';

const Content = styled(SnackbarContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: '0.875rem',
  lineHeight: 1.43,
  letterSpacing: '0.01071em',
  color: '#fff',
  alignItems: 'center',
  padding: '6px 16px',
  borderRadius: 4,
  boxShadow: theme.shadows[6],
  '&.notistack-MuiContent-default': { backgroundColor: '#1f2937' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.main },
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.palette.warning.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.main },
}));

/**
 * One snackbar: its message in the theme's AA-safe shades (notistack's own are too light for
 * white text), with an id of its own. notistack's content gives every message the same id, so
 * two snackbars on screen at once repeated an id that each one's description refers to.
 */
const Message = forwardRef<HTMLDivElement, CustomContentProps>(function Message(props, ref) {
  const { id, message, action, iconVariant, variant, hideIconVariant, style, className } = props;
  const messageId = `snackbar-message-${id}`;
  const icon = hideIconVariant ? null : iconVariant[variant];
  return (
    <Content
      ref={ref}
      role="alert"
      aria-describedby={messageId}
      style={style}
      className={`notistack-MuiContent notistack-MuiContent-${variant} ${className ?? ''}`}
      sx={{ pl: icon ? 2.5 : 2 }}
    >
      <Box id={messageId} sx={{ display: 'flex', alignItems: 'center', py: 1 }}>
        {icon}
        {message}
      </Box>
      {action ? (
        <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto', pl: 2, mr: -1 }}>
          {typeof action === 'function' ? action(id) : action}
        </Box>
      ) : null}
    </Content>
  );
});

const components = {
  default: Message,
  info: Message,
  success: Message,
  warning: Message,
  error: Message,
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

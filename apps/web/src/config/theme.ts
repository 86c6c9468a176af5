import { createTheme } from '@mui/material/styles';

// Orange primary, blue secondary. Shades chosen so white text on them
// passes WCAG AA (4.5:1), which MUI's lighter defaults do not.
export const theme = createTheme({
  palette: {
    primary: { main: '#c2410c', light: '#f97316', dark: '#9a3412', contrastText: '#ffffff' },
    secondary: { main: '#1d4ed8', light: '#3b82f6', dark: '#1e3a8a', contrastText: '#ffffff' },
    info: { main: '#1d4ed8', contrastText: '#ffffff' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    error: { main: '#b91c1c', contrastText: '#ffffff' },
    background: { default: '#f8fafc', paper: '#ffffff' },
    text: { primary: '#1f2937', secondary: '#4b5563' },
  },
  shape: { borderRadius: 10 },
  typography: {
    // System fonts: nothing to download on a phone plan.
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.15 },
    h2: { fontSize: '1.75rem', fontWeight: 700 },
    h3: { fontSize: '1.35rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    MuiLink: { defaultProps: { underline: 'always' } },
    // Initials shown for want of a photo: white on a dark grey (AA), not MUI's white on a light
    // grey (under 2:1).
    MuiAvatar: {
      styleOverrides: {
        colorDefault: ({ theme }) => ({
          backgroundColor: theme.palette.grey[700],
          color: theme.palette.common.white,
        }),
      },
    },
  },
});

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { AppSnackbarProvider } from '../components/ui/snackbar-provider';
import { theme } from '../config/theme';
import { LiveUpdatesSwitch } from '../features/live/live-switch';
import type { ChatWidgetLoader } from '../features/support-chat/support-chat-client';
import { SupportChatProvider } from '../features/support-chat/support-chat-provider';
import { createQueryClient } from '../lib/query-client';

export function AppProvider({
  children,
  queryClient,
  loadSupportChat,
  liveUpdates = true,
}: {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
  /** Tests pass their own support chat widget (or none); the app loads the configured one. */
  loadSupportChat?: ChatWidgetLoader;
  /** Whether signed-in pages open the live socket; component tests turn it off. */
  liveUpdates?: boolean;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <AppSnackbarProvider>
          <SupportChatProvider {...(loadSupportChat ? { loadWidget: loadSupportChat } : {})}>
            <LiveUpdatesSwitch value={liveUpdates}>{children}</LiveUpdatesSwitch>
          </SupportChatProvider>
        </AppSnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';

import { SupportChatContext, type SupportChat } from './support-chat-context';
import { createSupportChatClient, type ChatWidgetLoader } from './support-chat-client';
import { whenIdle } from './idle';
import { loadConfiguredWidget } from './widget-settings';

const SupportDialog = lazy(() => import('./support-dialog'));

const MEMORY_KEY = 'pathways.supportChatUser';
const memory = {
  get: (): string | null => {
    try {
      return localStorage.getItem(MEMORY_KEY);
    } catch {
      return null;
    }
  },
  set: (email: string | null) => {
    try {
      if (email === null) localStorage.removeItem(MEMORY_KEY);
      else localStorage.setItem(MEMORY_KEY, email);
    } catch {
      // Private mode without storage: the widget is then reset by logging out only.
    }
  },
};

/**
 * Support chat: the live chat widget the server names (loaded once the page is idle, or at
 * once when someone asks for support), or, with none configured or reachable, a dialog with
 * the support e-mail address (the prefilled message goes into the e-mail body).
 */
export function SupportChatProvider({
  children,
  loadWidget = loadConfiguredWidget,
}: {
  children: ReactNode;
  /** Component tests pass their own widget (or none). */
  loadWidget?: ChatWidgetLoader;
}) {
  const [dialog, setDialog] = useState<{ open: boolean; prefill?: string } | null>(null);
  const [client] = useState(() =>
    createSupportChatClient({
      load: loadWidget,
      whenIdle,
      memory,
      fallback: (prefill) => setDialog(prefill ? { open: true, prefill } : { open: true }),
    }),
  );

  useEffect(() => client.start(), [client]);

  const value = useMemo<SupportChat>(
    () => ({ open: client.open, identify: client.identify, visit: client.visit }),
    [client],
  );

  return (
    <SupportChatContext value={value}>
      {children}
      {dialog && (
        <Suspense fallback={null}>
          <SupportDialog
            open={dialog.open}
            prefill={dialog.prefill}
            onClose={() => setDialog({ ...dialog, open: false })}
          />
        </Suspense>
      )}
    </SupportChatContext>
  );
}

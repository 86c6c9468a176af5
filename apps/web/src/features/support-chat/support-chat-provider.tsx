import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import { env } from '../../config/env';
import { SupportChatContext, type SupportChat } from './support-chat-context';

const SupportDialog = lazy(() => import('./support-dialog'));
const loadChatwoot = () => import('./chatwoot').then((module) => module.loadChatwoot);

/**
 * Support chat: the configured live chat widget, or, with none configured, a dialog with a
 * support e-mail link (the prefilled message goes into the e-mail body).
 */
export function SupportChatProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<{ open: boolean; prefill?: string } | null>(null);
  const person = useRef<{ email: string; name: string } | null>(null);
  const config = env.chatwoot;

  useEffect(() => {
    // The widget shows on every page once loaded.
    if (config) void loadChatwoot().then((load) => load(config));
  }, [config]);

  const open = useCallback(
    (prefill?: string) => {
      const fallback = () => setDialog(prefill ? { open: true, prefill } : { open: true });
      if (!config) return fallback();
      loadChatwoot()
        .then((load) => load(config))
        .then((chat) => chat.toggle('open'))
        .catch(fallback);
    },
    [config],
  );

  const identify = useCallback(
    (next: { email: string; name: string } | null) => {
      const previous = person.current;
      person.current = next;
      if (!config || previous?.email === next?.email) return;
      loadChatwoot()
        .then((load) => load(config))
        .then((chat) => (next ? chat.setUser(next.email, next) : chat.reset()))
        .catch(() => {});
    },
    [config],
  );

  const value = useMemo<SupportChat>(() => ({ open, identify }), [open, identify]);

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

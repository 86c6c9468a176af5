import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

import type { User } from '@pathways/shared/auth/auth.schemas';

import { useSession } from '../../../lib/session/use-session';
import { useSupportChat } from '../support-chat-context';
import { supportChatMessages } from '../support-chat-messages';

/**
 * Keeps the support chat in step with the app: who is signed in (e-mail and name, forgotten
 * at logout), which page is shown, and `#blocked` in the address, which opens the chat with
 * the blocked user's message (the hash is then dropped). `user` is the signed-in user's own
 * record, undefined while it loads (and for a guest).
 */
export function SupportChatSync({
  user,
}: {
  user: Pick<User, 'email' | 'firstName' | 'lastName'> | undefined;
}) {
  const supportChat = useSupportChat();
  const location = useLocation();
  const navigate = useNavigate();
  const { viewer } = useSession();

  useEffect(() => {
    supportChat.visit(location.pathname);
  }, [location.pathname, supportChat]);

  useEffect(() => {
    if (!viewer) return supportChat.identify(null);
    // A signed-in user whose details are still loading is not told yet.
    if (!user) return;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    supportChat.identify({ email: user.email, name });
  }, [viewer, user, supportChat]);

  useEffect(() => {
    if (location.hash !== '#blocked') return;
    supportChat.open(supportChatMessages.blocked);
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate, supportChat]);

  return null;
}

import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { NavLink } from 'react-router';

import type { Role, User } from '@pathways/shared/auth/auth.schemas';
import {
  candidateDrawerLinks,
  clientDrawer,
  type DrawerLink,
} from '@pathways/shared/navigation/drawer';

import type { ClientMe } from '@pathways/shared/managers/managers.schemas';

import { useUser } from '../../../lib/session/current-user';
import { useLogout } from '../../auth';
import { useClientMe } from '../../managers';
import { useCandidateChats, useClientChats } from '../../messages';
import type { Viewer } from '../../../lib/session/use-session';
import { drawerIcon } from './drawer-icons';

const linkSx = {
  borderRadius: 2,
  mx: 1,
  '&.active': {
    bgcolor: 'rgba(194, 65, 12, 0.1)',
    color: 'primary.dark',
    fontWeight: 600,
    '& .MuiListItemIcon-root': { color: 'primary.main' },
  },
} as const;

function NavItem({ link, onNavigate }: { link: DrawerLink; onNavigate: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={link.to} onClick={onNavigate} sx={linkSx}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          {link.badge ? (
            <Badge badgeContent={link.badge} color="primary">
              {drawerIcon(link.key)}
            </Badge>
          ) : (
            drawerIcon(link.key)
          )}
        </ListItemIcon>
        <ListItemText primary={link.label} />
      </ListItemButton>
    </ListItem>
  );
}

function displayName(user: User | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return name || user?.email || '';
}

function drawerSections(
  role: Role,
  viewer: Viewer,
  user: User | undefined,
  client: ClientMe | undefined,
  chats: { count: number; unread: number },
) {
  if (role === 'candidate') {
    const links = candidateDrawerLinks({
      isSuspended: user?.isSuspended ?? false,
      chatCount: chats.count,
      unreadChatCount: chats.unread,
    });
    return { links, workspaces: null };
  }
  if (role === 'client') {
    return clientDrawer({
      // The server's answer counts: a primary flag withdrawn during the session no longer shows.
      primary: client?.primary ?? user?.primary ?? viewer.primary,
      organizationId: client?.organizationId ?? user?.organizationId ?? null,
      activeWorkspaces: client?.activeWorkspaces ?? [],
      managedWorkspaceCount: client?.managedWorkspaceCount ?? 0,
      chatCount: chats.count,
      unreadChatCount: chats.unread,
    });
  }
  return { links: [], workspaces: null };
}

/** The drawer's contents for a signed-in viewer: who they are, their links, Log out. */
export function DrawerNav({ viewer, onNavigate }: { viewer: Viewer; onNavigate: () => void }) {
  const { data: user } = useUser();
  const { data: client } = useClientMe(viewer.role === 'client');
  const { data: candidateChats } = useCandidateChats(viewer.role === 'candidate');
  const { data: clientChats } = useClientChats(viewer.role === 'client');
  const chats = viewer.role === 'client' ? clientChats : candidateChats;
  const logout = useLogout();
  const { links, workspaces } = drawerSections(viewer.role, viewer, user, client, {
    count: chats?.items.length ?? 0,
    unread: chats?.unreadCount ?? 0,
  });
  const name = displayName(user);

  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowY: 'auto' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2 }}>
        <Avatar
          src={user?.avatar ?? undefined}
          alt=""
          sx={{ bgcolor: 'secondary.main', width: 40, height: 40 }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {name || ' '}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            sx={{ textTransform: 'capitalize' }}
          >
            {viewer.role === 'client' && (client?.primary ?? user?.primary ?? viewer.primary)
              ? 'Primary client'
              : viewer.role}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <Box>
        <List>
          {links.map((link) => (
            <NavItem key={link.key} link={link} onNavigate={onNavigate} />
          ))}
        </List>
        {workspaces && (
          <>
            <Typography
              id="active-workspaces-heading"
              component="h2"
              variant="overline"
              color="text.secondary"
              sx={{ display: 'block', px: 2, pt: 1 }}
            >
              Active workspaces
            </Typography>
            {workspaces.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                No active workspaces yet.
              </Typography>
            ) : (
              <List aria-labelledby="active-workspaces-heading" dense>
                {workspaces.map((link) => (
                  <NavItem key={link.key} link={link} onNavigate={onNavigate} />
                ))}
              </List>
            )}
          </>
        )}
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => void logout.logout()}
            disabled={logout.isPending}
            sx={{ borderRadius: 2, mx: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Logout />
            </ListItemIcon>
            <ListItemText primary="Log out" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

import type { Role } from '../auth/auth.schemas.ts';
import { paths } from './paths.ts';

/** One entry of the side drawer; `key` lets the UI pick an icon. */
export interface DrawerLink {
  key: string;
  label: string;
  to: string;
  /** Unread count shown as a badge (Messages). */
  badge?: number;
}

/** Messages: only when conversations exist, with the unread count as a badge when some are. */
function messagesLink(to: string, chatCount: number, unread = 0): DrawerLink | null {
  if (chatCount <= 0) return null;
  return unread > 0
    ? { key: 'messages', label: 'Messages', to, badge: unread }
    : { key: 'messages', label: 'Messages', to };
}

export interface CandidateDrawerInput {
  isSuspended: boolean;
  /** How many chats the candidate has; Messages only shows when there is at least one. */
  chatCount: number;
  unreadChatCount: number;
}

/**
 * Candidate drawer: Opportunities Search is hidden for a suspended
 * candidate; Messages shows only when chats exist, with an unread badge.
 */
export function candidateDrawerLinks(input: CandidateDrawerInput): DrawerLink[] {
  const links: DrawerLink[] = [];
  if (!input.isSuspended) {
    links.push({ key: 'opportunities', label: 'Opportunities Search', to: paths.opportunities });
  }
  links.push(
    { key: 'profile', label: 'My Profile', to: paths.candidate.profile },
    { key: 'documents', label: 'My Documents', to: paths.candidate.documents },
    { key: 'applications', label: 'My Applications', to: paths.dashboard },
  );
  const messages = messagesLink(paths.candidate.messages, input.chatCount, input.unreadChatCount);
  if (messages) links.push(messages);
  links.push({ key: 'settings', label: 'Settings', to: paths.candidate.account });
  return links;
}

export interface ActiveWorkspace {
  id: number;
  name: string;
}

export interface ClientDrawerInput {
  primary: boolean;
  organizationId: number | null;
  /**
   * Active workspaces the user sees: all of the organization's for a primary user, only the
   * ones they manage for anybody else. A workspace is an active opportunity: published in the
   * past, and not commenced yet or without a commencement date.
   */
  activeWorkspaces: ActiveWorkspace[];
  /** Workspaces (active or not) on which the user is listed as a manager. */
  managedWorkspaceCount: number;
  /** Conversations of the applications the user may see; Messages shows once there is one. */
  chatCount?: number;
  unreadChatCount?: number;
}

export interface ClientDrawer {
  links: DrawerLink[];
  /** "Active workspaces", each linking to its applications. */
  workspaces: DrawerLink[];
}

/**
 * Client drawer: Candidate search for primary users or managers of an
 * active workspace; Shared With Me only for non-primary users who manage no workspaces;
 * Messages (the conversations with applicants) once a conversation exists, with an unread badge;
 * Integrations (API keys) for primary users.
 */
export function clientDrawer(input: ClientDrawerInput): ClientDrawer {
  const links: DrawerLink[] = [];
  if (input.primary || input.activeWorkspaces.length > 0) {
    links.push({
      key: 'candidateSearch',
      label: 'Candidate search',
      to: paths.client.candidateSearch,
    });
  }
  if (!input.primary && input.managedWorkspaceCount === 0) {
    links.push({ key: 'sharedWithMe', label: 'Shared With Me', to: paths.client.sharedCandidates });
  }
  const messages = messagesLink(paths.client.messages, input.chatCount ?? 0, input.unreadChatCount);
  if (messages) links.push(messages);
  links.push(
    { key: 'workspaces', label: 'Workspaces', to: paths.client.opportunities },
    { key: 'interviews', label: 'Interviews', to: paths.client.interviews },
    { key: 'campaigns', label: 'Campaigns', to: paths.client.campaigns },
    { key: 'analytics', label: 'Analytics', to: paths.client.analytics },
  );
  if (input.organizationId !== null) {
    links.push({
      key: 'employerPage',
      label: 'Employer page',
      to: paths.organization(input.organizationId),
    });
  }
  links.push({ key: 'managers', label: 'Managers', to: paths.client.users });
  if (input.primary) {
    links.push({ key: 'integrations', label: 'Integrations', to: paths.client.integrations });
  }
  const workspaces = input.activeWorkspaces.map((workspace) => ({
    key: `workspace-${workspace.id}`,
    label: workspace.name,
    to: paths.client.applications(workspace.id),
  }));
  return { links, workspaces };
}

/** MUI's default breakpoints (px), the lower bound of each. */
export const breakpointWidths = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof breakpointWidths;

/**
 * The first breakpoint at which the drawer may stay open. The drawer closes
 * automatically on large-and-smaller screens for clients (so it stays open from xl) and on
 * small-and-smaller screens for candidates (open from md). Other roles follow candidates.
 */
export function drawerPinnedFrom(role: Role): Breakpoint {
  return role === 'client' ? 'xl' : 'md';
}

/** Whether the drawer closes automatically (is a temporary overlay) at this viewport width. */
export function drawerClosesAutomatically(role: Role, viewportWidth: number): boolean {
  return viewportWidth < breakpointWidths[drawerPinnedFrom(role)];
}

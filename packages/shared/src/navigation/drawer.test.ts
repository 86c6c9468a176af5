import { describe, expect, it } from 'vitest';

import {
  candidateDrawerLinks,
  clientDrawer,
  drawerClosesAutomatically,
  drawerPinnedFrom,
} from './drawer.ts';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('candidateDrawerLinks', () => {
  const base = { isSuspended: false, chatCount: 0, unreadChatCount: 0 };

  it('lists search, profile, documents, applications and settings without chats', () => {
    expect(labels(candidateDrawerLinks(base))).toEqual([
      'Opportunities Search',
      'My Profile',
      'My Documents',
      'My Applications',
      'Settings',
    ]);
  });

  it('hides Opportunities Search from a suspended candidate', () => {
    expect(labels(candidateDrawerLinks({ ...base, isSuspended: true }))).not.toContain(
      'Opportunities Search',
    );
  });

  it('shows Messages only when chats exist, before Settings', () => {
    const links = candidateDrawerLinks({ ...base, chatCount: 2 });
    expect(labels(links)).toEqual([
      'Opportunities Search',
      'My Profile',
      'My Documents',
      'My Applications',
      'Messages',
      'Settings',
    ]);
    expect(links.find((link) => link.key === 'messages')?.badge).toBeUndefined();
  });

  it('puts the unread count on Messages as a badge', () => {
    const links = candidateDrawerLinks({ ...base, chatCount: 3, unreadChatCount: 2 });
    expect(links.find((link) => link.key === 'messages')).toMatchObject({
      to: '/candidate/messages',
      badge: 2,
    });
  });

  it('never shows Messages for unread counts without chats', () => {
    expect(labels(candidateDrawerLinks({ ...base, unreadChatCount: 4 }))).not.toContain('Messages');
  });

  it('links applications to the dashboard and settings to the account page', () => {
    const byKey = Object.fromEntries(candidateDrawerLinks(base).map((l) => [l.key, l.to]));
    expect(byKey).toEqual({
      opportunities: '/opportunities',
      profile: '/candidate/profile',
      documents: '/candidate/documents',
      applications: '/dashboard',
      settings: '/candidate/account',
    });
  });
});

describe('clientDrawer', () => {
  const workspace = { id: 7, name: 'Engineering bursary 2027' };

  it('shows Messages once a conversation exists, with the unread count as its badge', () => {
    const base = {
      primary: true,
      organizationId: 3,
      activeWorkspaces: [],
      managedWorkspaceCount: 0,
    };
    expect(labels(clientDrawer(base).links)).not.toContain('Messages');
    expect(labels(clientDrawer({ ...base, chatCount: 0, unreadChatCount: 0 }).links)).not.toContain(
      'Messages',
    );
    const read = clientDrawer({ ...base, chatCount: 2, unreadChatCount: 0 }).links;
    expect(read.find((l) => l.key === 'messages')).toEqual({
      key: 'messages',
      label: 'Messages',
      to: '/client/messages',
    });
    const unread = clientDrawer({ ...base, chatCount: 2, unreadChatCount: 5 }).links;
    expect(unread.find((l) => l.key === 'messages')?.badge).toBe(5);
    expect(labels(unread).slice(0, 2)).toEqual(['Candidate search', 'Messages']);
  });

  it('gives a primary user candidate search, no Shared With Me, and the employer page', () => {
    const drawer = clientDrawer({
      primary: true,
      organizationId: 3,
      activeWorkspaces: [],
      managedWorkspaceCount: 0,
    });
    expect(labels(drawer.links)).toEqual([
      'Candidate search',
      'Workspaces',
      'Interviews',
      'Campaigns',
      'Analytics',
      'Employer page',
      'Managers',
      'Integrations',
    ]);
    expect(drawer.links.find((link) => link.key === 'employerPage')?.to).toBe('/organizations/3');
    expect(drawer.links.find((link) => link.key === 'integrations')?.to).toBe(
      '/client/integrations',
    );
  });

  it('gives a non-primary manager of an active workspace candidate search', () => {
    const drawer = clientDrawer({
      primary: false,
      organizationId: 3,
      activeWorkspaces: [workspace],
      managedWorkspaceCount: 1,
    });
    expect(labels(drawer.links)).toContain('Candidate search');
    expect(labels(drawer.links)).not.toContain('Shared With Me');
  });

  it('gives a non-primary user who manages no workspace Shared With Me and no candidate search', () => {
    const drawer = clientDrawer({
      primary: false,
      organizationId: 3,
      activeWorkspaces: [],
      managedWorkspaceCount: 0,
    });
    expect(labels(drawer.links)[0]).toBe('Shared With Me');
    expect(labels(drawer.links)).not.toContain('Candidate search');
    expect(drawer.links[0]?.to).toBe('/client/shared_candidates');
  });

  it('hides both from a non-primary manager of inactive workspaces only', () => {
    const drawer = clientDrawer({
      primary: false,
      organizationId: 3,
      activeWorkspaces: [],
      managedWorkspaceCount: 2,
    });
    expect(labels(drawer.links)).not.toContain('Candidate search');
    expect(labels(drawer.links)).not.toContain('Shared With Me');
  });

  it('links each active workspace to its applications', () => {
    const drawer = clientDrawer({
      primary: true,
      organizationId: 3,
      activeWorkspaces: [workspace, { id: 9, name: 'Graduate programme' }],
      managedWorkspaceCount: 0,
    });
    expect(drawer.workspaces).toEqual([
      {
        key: 'workspace-7',
        label: 'Engineering bursary 2027',
        to: '/client/opportunities/7/applications',
      },
      {
        key: 'workspace-9',
        label: 'Graduate programme',
        to: '/client/opportunities/9/applications',
      },
    ]);
  });

  it('leaves out the employer page when the organization is unknown', () => {
    const drawer = clientDrawer({
      primary: true,
      organizationId: null,
      activeWorkspaces: [],
      managedWorkspaceCount: 0,
    });
    expect(labels(drawer.links)).not.toContain('Employer page');
  });
});

describe('drawer closing breakpoints', () => {
  it('pins the client drawer from xl and the candidate drawer from md', () => {
    expect(drawerPinnedFrom('client')).toBe('xl');
    expect(drawerPinnedFrom('candidate')).toBe('md');
  });

  it.each([
    ['client', 390, true],
    ['client', 1199, true],
    ['client', 1200, true],
    ['client', 1535, true],
    ['client', 1536, false],
    ['candidate', 390, true],
    ['candidate', 899, true],
    ['candidate', 900, false],
    ['candidate', 1600, false],
    ['admin', 899, true],
    ['admin', 1024, false],
  ] as const)('%s at %ipx closes automatically: %s', (role, width, closes) => {
    expect(drawerClosesAutomatically(role, width)).toBe(closes);
  });
});

import { describe, expect, it } from 'vitest';

import {
  createSupportChatClient,
  pageForChat,
  PAGE_ATTRIBUTE,
  type ChatWidget,
  type SupportChatClientDeps,
} from './support-chat-client';

/** A widget that records what it is told, in order. */
function recordingWidget() {
  const calls: unknown[][] = [];
  const widget: ChatWidget = {
    toggle: (...args) => void calls.push(['toggle', ...args]),
    setUser: (...args) => void calls.push(['setUser', ...args]),
    setCustomAttributes: (...args) => void calls.push(['setCustomAttributes', ...args]),
    reset: () => void calls.push(['reset']),
  };
  return { widget, calls };
}

/** A client whose idle moment and widget load the test controls. */
function setup(options: { widget?: ChatWidget | null; fails?: boolean; remembered?: string } = {}) {
  const idle: (() => void)[] = [];
  let loads = 0;
  let stored: string | null = options.remembered ?? null;
  const fallbacks: (string | undefined)[] = [];
  const deps: SupportChatClientDeps = {
    load: async () => {
      loads += 1;
      if (options.fails) throw new Error('blocked');
      return options.widget === undefined ? null : options.widget;
    },
    whenIdle: (task) => void idle.push(task),
    memory: { get: () => stored, set: (email) => void (stored = email) },
    fallback: (prefill) => void fallbacks.push(prefill),
  };
  const client = createSupportChatClient(deps);
  return {
    client,
    fallbacks,
    loads: () => loads,
    remembered: () => stored,
    idle: async () => {
      for (const task of idle.splice(0)) task();
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const thandi = { email: 'thandi@demo.test', name: 'Thandi Mokoena' };
const sipho = { email: 'sipho@demo.test', name: 'Sipho Dlamini' };

describe('loading the widget', () => {
  it('waits for the page to be idle', async () => {
    const { widget } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    await settle();
    expect(t.loads()).toBe(0);
    await t.idle();
    expect(t.loads()).toBe(1);
  });

  it('loads at once when someone asks for support before the page is idle, and only once', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.open();
    await settle();
    expect(t.loads()).toBe(1);
    expect(calls).toEqual([['toggle', 'open']]);
    await t.idle();
    t.client.open();
    await settle();
    expect(t.loads()).toBe(1);
  });
});

describe('opening the chat', () => {
  it('opens the widget with the message typed in', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.open('My number already exists.');
    await settle();
    expect(calls).toEqual([['toggle', 'open', 'My number already exists.']]);
    expect(t.fallbacks).toEqual([]);
  });

  it('falls back to the e-mail dialog, with the message, when no widget is configured', async () => {
    const t = setup({ widget: null });
    t.client.open('My Pathways profile has been blocked.');
    t.client.open();
    await settle();
    expect(t.fallbacks).toEqual(['My Pathways profile has been blocked.', undefined]);
  });

  it('falls back to the e-mail dialog when the widget cannot load', async () => {
    const t = setup({ fails: true });
    t.client.start();
    await t.idle();
    t.client.open('Help');
    await settle();
    expect(t.fallbacks).toEqual(['Help']);
  });
});

describe('who the chat is talking to', () => {
  it('identifies the signed-in person by e-mail with their name, once the widget is there', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.identify(thandi);
    expect(calls).toEqual([]);
    await t.idle();
    expect(calls).toEqual([['setUser', thandi.email, thandi]]);
    expect(t.remembered()).toBe(thandi.email);
    // Telling it again changes nothing.
    t.client.identify({ ...thandi });
    expect(calls).toHaveLength(1);
  });

  it('tells a changed name', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.identify(thandi);
    await t.idle();
    t.client.identify({ ...thandi, name: 'Thandi Nkosi' });
    expect(calls.at(-1)).toEqual([
      'setUser',
      thandi.email,
      { email: thandi.email, name: 'Thandi Nkosi' },
    ]);
  });

  it('resets the widget at logout, and only once', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.identify(thandi);
    await t.idle();
    t.client.identify(null);
    t.client.identify(null);
    expect(calls).toEqual([['setUser', thandi.email, thandi], ['reset']]);
    expect(t.remembered()).toBeNull();
  });

  it('never resets for a guest who was never identified', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.identify(null);
    await t.idle();
    expect(calls).toEqual([]);
  });

  it('resets on a page that starts signed out after someone was identified (a session that ran out)', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget, remembered: thandi.email });
    t.client.start();
    t.client.identify(null);
    await t.idle();
    expect(calls).toEqual([['reset']]);
    expect(t.remembered()).toBeNull();
  });

  it("starts afresh for another person: one person's conversation never carries over", async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget, remembered: thandi.email });
    t.client.start();
    t.client.identify(sipho);
    await t.idle();
    expect(calls).toEqual([['reset'], ['setUser', sipho.email, sipho]]);
  });

  it('keeps the conversation of the same person across page loads', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget, remembered: thandi.email });
    t.client.start();
    t.client.identify(thandi);
    await t.idle();
    expect(calls).toEqual([['setUser', thandi.email, thandi]]);
  });

  it('says nothing while a signed-in user is still loading', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget, remembered: thandi.email });
    t.client.start();
    await t.idle();
    expect(calls).toEqual([]);
    expect(t.remembered()).toBe(thandi.email);
  });
});

describe('the page the visitor is on', () => {
  it('tells the page once the widget is there, then every navigation', async () => {
    const { widget, calls } = recordingWidget();
    const t = setup({ widget });
    t.client.start();
    t.client.visit('/');
    t.client.visit('/opportunities');
    await t.idle();
    expect(calls).toEqual([['setCustomAttributes', { [PAGE_ATTRIBUTE]: '/opportunities' }]]);
    t.client.visit('/opportunities/7/data-analyst');
    t.client.visit('/opportunities/7/data-analyst');
    t.client.visit('/employers');
    expect(calls.slice(1)).toEqual([
      ['setCustomAttributes', { [PAGE_ATTRIBUTE]: '/opportunities/7/data-analyst' }],
      ['setCustomAttributes', { [PAGE_ATTRIBUTE]: '/employers' }],
    ]);
  });

  it('is the path with the secret of an e-mailed link left out', () => {
    expect(pageForChat('/candidate/password_reset/abc.DEF-123')).toBe(
      '/candidate/password_reset/(link)',
    );
    expect(pageForChat('/client/password_reset/xyz')).toBe('/client/password_reset/(link)');
    expect(pageForChat('/candidate/confirm_email/t0k3n')).toBe('/candidate/confirm_email/(link)');
    expect(pageForChat('/client/confirm_email/t0k3n')).toBe('/client/confirm_email/(link)');
    expect(pageForChat('/password_reset')).toBe('/password_reset');
    expect(pageForChat('/candidate/profile')).toBe('/candidate/profile');
    expect(pageForChat('/')).toBe('/');
  });
});

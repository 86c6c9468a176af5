import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type {
  ClientCampaign,
  ClientCampaignList,
} from '@pathways/shared/campaigns/campaigns.schemas';

import { jsonResponse, mockFetch, renderApp, signIn } from '../../../testing/test-utils';

function campaign(overrides: Partial<ClientCampaign> = {}): ClientCampaign {
  return {
    id: 7,
    slug: 'ibtech',
    name: 'Graduate Programme: Technology',
    kind: 'opportunity',
    description: null,
    image: null,
    copy: {},
    startsAt: null,
    endsAt: null,
    opportunity: { id: 5, name: 'Technology graduates' },
    aliases: ['ibgt'],
    path: '/campaign/ibtech',
    editable: true,
    ...overrides,
  };
}

const list = (items: ClientCampaign[]): ClientCampaignList => ({
  items,
  page: 1,
  per: 100,
  total: items.length,
  opportunities: [{ id: 5, name: 'Technology graduates' }],
});

const fallback = () => jsonResponse(404, { code: 'not_found', message: 'Not found' });

describe('/client/campaigns', () => {
  it('lists each campaign with its public link and short paths', async () => {
    signIn({ role: 'client', primary: true });
    mockFetch(({ path }) =>
      path.startsWith('/api/client/campaigns?')
        ? jsonResponse(200, list([campaign()]))
        : fallback(),
    );
    renderApp('/client/campaigns');
    const card = await screen.findByRole('article', { name: 'Graduate Programme: Technology' });
    expect(within(card).getByText('For Technology graduates')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /\/campaign\/ibtech$/ })).toBeTruthy();
    expect(within(card).getByText('Short paths: /ibgt')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Copy the link of Graduate Programme: Technology' }),
    ).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Edit Graduate Programme: Technology' }),
    ).toBeTruthy();
  });

  it('suggests the link name from the name and shows the server’s messages beside the fields', async () => {
    signIn({ role: 'client', primary: true });
    const calls = mockFetch(({ path, method }) => {
      if (path.startsWith('/api/client/campaigns?')) return jsonResponse(200, list([]));
      if (path === '/api/client/campaigns' && method === 'POST') {
        return jsonResponse(422, {
          code: 'validation',
          message: 'The campaign could not be saved',
          errors: {
            slug: ['is already taken'],
            opportunityId: ['must be an opportunity of your organization'],
          },
        });
      }
      return fallback();
    });
    renderApp('/client/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Bursaries 2027: Engineering & IT' },
    });
    const slug = within(dialog).getByRole('textbox', { name: 'Link name' }) as HTMLInputElement;
    expect(slug.value).toBe('bursaries-2027-engineering-it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('is already taken')).toBeTruthy();
    expect(within(dialog).getByText('must be an opportunity of your organization')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      campaign: {
        name: 'Bursaries 2027: Engineering & IT',
        slug: 'bursaries-2027-engineering-it',
        opportunityId: null,
      },
    });
  });

  it('refuses a link name that is a page of the site before sending it', async () => {
    signIn({ role: 'client', primary: true });
    const calls = mockFetch(({ path }) =>
      path.startsWith('/api/client/campaigns?') ? jsonResponse(200, list([])) : fallback(),
    );
    renderApp('/client/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Graduates' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link name' }), {
      target: { value: 'login' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('is the name of a page of the site')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a user who is not primary reads the campaigns without changing them', async () => {
    signIn({ role: 'client', primary: false });
    mockFetch(({ path }) =>
      path.startsWith('/api/client/campaigns?')
        ? jsonResponse(200, { ...list([campaign({ editable: false })]), opportunities: [] })
        : fallback(),
    );
    renderApp('/client/campaigns');
    const card = await screen.findByRole('article', { name: 'Graduate Programme: Technology' });
    expect(
      screen.getByText('Only a primary user of your organization can create or change campaigns.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(card).getByRole('button', { name: /^Copy the link/ })).toBeTruthy();
  });
});

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

/** The date field's input, once its picker has loaded, as the form reads it. */
async function dateInput(dialog: HTMLElement, name: 'startsAt' | 'endsAt') {
  return waitFor(() => {
    const input = dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (!input || input.disabled) throw new Error(`no ${name} picker yet`);
    return input;
  });
}

async function typeDate(dialog: HTMLElement, name: 'startsAt' | 'endsAt', date: string) {
  const input = await dateInput(dialog, name);
  fireEvent.change(input, { target: { value: date } });
  fireEvent.blur(input);
}

const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).toISOString();

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

  it('sends the days a campaign runs and shows them on its card', async () => {
    signIn({ role: 'client', primary: true });
    let saved = campaign();
    const calls = mockFetch(({ path, method, body }) => {
      if (path.startsWith('/api/client/campaigns?')) return jsonResponse(200, list([saved]));
      if (path === '/api/client/campaigns/ibtech' && method === 'PATCH') {
        const { startsAt, endsAt } = (body as { campaign: ClientCampaign }).campaign;
        saved = campaign({ startsAt, endsAt });
        return jsonResponse(200, saved);
      }
      return fallback();
    });
    renderApp('/client/campaigns');
    const card = await screen.findByRole('article', { name: 'Graduate Programme: Technology' });
    expect(within(card).queryByText(/^Runs /)).toBeNull();
    fireEvent.click(
      within(card).getByRole('button', { name: 'Edit Graduate Programme: Technology' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    await typeDate(dialog, 'startsAt', '01/03/2027');
    await typeDate(dialog, 'endsAt', '30/04/2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      campaign: { startsAt: local(2027, 3, 1), endsAt: local(2027, 4, 30, 23, 59, 59, 999) },
    });
    expect(await within(card).findByText('Runs 1 March 2027 to 30 April 2027')).toBeTruthy();
  });

  it('leaves dates it did not change as they are', async () => {
    signIn({ role: 'client', primary: true });
    const calls = mockFetch(({ path, method }) => {
      if (path.startsWith('/api/client/campaigns?')) {
        return jsonResponse(200, list([campaign({ endsAt: '2027-04-30T10:00:00.000Z' })]));
      }
      if (method === 'PATCH') return jsonResponse(200, campaign());
      return fallback();
    });
    renderApp('/client/campaigns');
    const card = await screen.findByRole('article', { name: 'Graduate Programme: Technology' });
    expect(within(card).getByText('Until 30 April 2027')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit campaign' });
    expect((await dateInput(dialog, 'endsAt')).value).toBe('30/04/2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = (calls.find((c) => c.method === 'PATCH')?.body as { campaign: object }).campaign;
    expect(patch).not.toHaveProperty('startsAt');
    expect(patch).not.toHaveProperty('endsAt');
  });

  it('refuses an end before the start beside the field, and shows the server’s word there too', async () => {
    signIn({ role: 'client', primary: true });
    const calls = mockFetch(({ path, method }) => {
      if (path.startsWith('/api/client/campaigns?')) return jsonResponse(200, list([]));
      if (path === '/api/client/campaigns' && method === 'POST') {
        return jsonResponse(422, {
          code: 'validation',
          message: 'The campaign could not be saved',
          errors: { endsAt: ['must be after the start'] },
        });
      }
      return fallback();
    });
    renderApp('/client/campaigns');
    fireEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Graduates' },
    });
    await typeDate(dialog, 'startsAt', '01/03/2027');
    await typeDate(dialog, 'endsAt', '28/02/2027');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The message under the end date's own field.
    const endHelp = () =>
      dialog
        .querySelector('input[name="endsAt"]')
        ?.closest('.MuiFormControl-root')
        ?.querySelector('.MuiFormHelperText-root')?.textContent;
    await waitFor(() => expect(endHelp()).toBe('must be after the start'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // A day the form accepts that the server still refuses: its message shows beside the end.
    await typeDate(dialog, 'endsAt', '01/03/2027');
    await waitFor(() => expect(endHelp()).toBe('Optional: the last day of the campaign'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(endHelp()).toBe('must be after the start'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';
import {
  organizationMessages,
  type ClientOrganization,
} from '@pathways/shared/organizations/organizations.schemas';

import {
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { OrganizationSettings } from './organization-settings';

const headOffice = {
  id: 8,
  name: 'Head office',
  address: 'Sandton, Johannesburg',
  city: 'Sandton',
  province: 'Gauteng',
  country: 'ZA',
  latitude: -26.1,
  longitude: 28.05,
};

function makeOrganization(overrides: Partial<ClientOrganization> = {}): ClientOrganization {
  return {
    id: 3,
    name: 'Mokoena Protea Attorneys',
    slug: 'mokoena-protea',
    logo: null,
    description: 'A Johannesburg law firm.',
    website: 'https://mpattorneys.example',
    industry: 'Law',
    locations: [headOffice],
    canEdit: true,
    ...overrides,
  };
}

const durban = {
  id: 51,
  address: 'Durban, KwaZulu-Natal',
  country: 'ZA',
  latitude: -29.86,
  longitude: 31.03,
  coordinates: { lat: -29.86, lon: 31.03 },
};

/** The API of one organization, answering PATCH, POST and DELETE as the server would. */
function api(organization: ClientOrganization, onWrite?: (call: FetchCall) => Response | null) {
  let current = organization;
  return mockFetch((call) => {
    const answer = onWrite?.(call);
    if (answer) return answer;
    if (call.path === '/api/client/organization' && call.method === 'GET') {
      return jsonResponse(200, current);
    }
    if (call.path === '/api/client/organization' && call.method === 'PATCH') {
      const body = call.body as { organization: Partial<ClientOrganization> };
      current = { ...current, ...body.organization };
      return jsonResponse(200, current);
    }
    if (call.path.startsWith('/api/search/locations')) {
      return jsonResponse(200, { items: [durban], search: 'Durban' });
    }
    if (call.path === '/api/client/organization/locations' && call.method === 'POST') {
      const { location } = call.body as { location: typeof headOffice };
      const created = { ...location, id: 9, province: null };
      current = { ...current, locations: [...current.locations, created] };
      return jsonResponse(201, created);
    }
    if (call.path === '/api/client/organization/logo' && call.method === 'DELETE') {
      current = { ...current, logo: null };
      return new Response(null, { status: 204 });
    }
    const removed = /^\/api\/client\/organization\/locations\/(\d+)$/.exec(call.path)?.[1];
    if (removed && call.method === 'DELETE') {
      current = { ...current, locations: current.locations.filter((l) => l.id !== +removed) };
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { code: 'not_found', message: 'Not found' });
  });
}

const client = () => signIn({ role: 'client', primary: true, sub: '7' });

describe('the organization page of a client', () => {
  it('lets a primary user change the description, sending only the form fields', async () => {
    client();
    const calls = api(makeOrganization());
    const user = userEvent.setup();
    renderWithProviders(<OrganizationSettings />);
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Attorneys for the whole of Gauteng.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The organization was saved')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({
      organization: {
        name: 'Mokoena Protea Attorneys',
        description: 'Attorneys for the whole of Gauteng.',
        website: 'https://mpattorneys.example',
        industry: 'Law',
      },
    });
    expect(screen.getByRole('link', { name: 'View the public page' }).getAttribute('href')).toBe(
      '/organizations/3/mokoena-protea-attorneys',
    );
  });

  it('says what is wrong beside a field, before sending and after the server refuses', async () => {
    client();
    const calls = api(makeOrganization(), (call) =>
      call.method === 'PATCH'
        ? jsonResponse(422, {
            code: 'validation',
            message: 'Validation failed',
            errors: { name: ['has already been taken'] },
          })
        : null,
    );
    const user = userEvent.setup();
    renderWithProviders(<OrganizationSettings />);
    const website = await screen.findByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'mpattorneys.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(organizationMessages.websiteInvalid)).toBeTruthy();
    expect(website.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(website);
    await user.type(website, 'https://mpa.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('has already been taken')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Name\W*$/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('adds a location picked by place search and removes one after asking', async () => {
    client();
    const calls = api(makeOrganization());
    const user = userEvent.setup();
    renderWithProviders(<OrganizationSettings />);
    const list = await screen.findByRole('list', { name: 'Locations of the organization' });
    expect(within(list).getByText('Head office')).toBeTruthy();

    await user.type(screen.getByLabelText('Place'), 'Durban');
    await user.click(await screen.findByRole('option', { name: 'Durban, KwaZulu-Natal' }));
    await user.type(screen.getByLabelText('Name (optional)'), 'Coastal office');
    await user.click(screen.getByRole('button', { name: 'Add location' }));

    expect(await within(list).findByText('Coastal office')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      location: {
        address: 'Durban, KwaZulu-Natal',
        name: 'Coastal office',
        city: 'Durban',
        country: 'ZA',
        latitude: -29.86,
        longitude: 31.03,
      },
    });

    await user.click(screen.getByRole('button', { name: 'Remove Head office' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this location?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Head office')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/locations/8'))).toBe(true);
  });

  it('shows a non-primary user everything read-only, with a note why', async () => {
    signIn({ role: 'client', primary: false, sub: '8' });
    api(makeOrganization({ canEdit: false }));
    renderWithProviders(<OrganizationSettings />);
    expect(
      await screen.findByText(/Only a primary user of your organization can change/),
    ).toBeTruthy();
    expect(screen.getByLabelText('Description').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload a logo' })).toBeNull();
    expect(screen.queryByLabelText('Place')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.getByText('Head office')).toBeTruthy();
  });

  it('removes the logo, and refuses a file over the limit before sending it', async () => {
    client();
    const calls = api(makeOrganization({ logo: '/api/organization_logos/3-logo.webp' }));
    const user = userEvent.setup();
    renderWithProviders(<OrganizationSettings />);

    const tooLarge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(await screen.findByLabelText('Logo file'), tooLarge);
    expect(await screen.findByText(`${documentMessages.fileTooLarge}.`)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/client/organization/logo')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('The logo was removed')).toBeTruthy();
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/api/client/organization/logo'),
    ).toBe(true);
    expect(await screen.findByRole('button', { name: 'Upload a logo' })).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import {
  documentBundleMessages,
  type DocumentBundle,
} from '@pathways/shared/document-bundles/document-bundles.schemas';

import {
  jsonResponse,
  mockFetch,
  renderWithProviders,
  signIn,
  type FetchCall,
} from '../../../testing/test-utils';
import { RequestBundleButton } from './request-bundle-button';

const bundle = (overrides: Partial<DocumentBundle>): DocumentBundle => ({
  id: 1,
  opportunityId: 5,
  opportunityName: 'Graduate Programme',
  status: 'ready',
  applicationCount: 3,
  documentKinds: ['transcript'],
  byteSize: 2_500_000,
  error: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  completedAt: '2026-11-23T10:01:00.000Z',
  ...overrides,
});

/** Applicants 11, 12 and 13, with 2, none and 3 documents of any kind asked for. */
const someHaveNone = (call: FetchCall) => {
  const { bundle } = call.body as { bundle: { applicationIds: number[] } };
  const counts: Record<number, number> = { 11: 2, 12: 0, 13: 3, 4: 0 };
  const names: Record<number, string> = {
    11: 'Adam Abrahams',
    12: 'Nomsa Mokoena',
    13: 'Zanele Zulu',
    4: 'Sipho Dlamini',
  };
  return jsonResponse(200, {
    applicants: bundle.applicationIds.map((applicationId) => ({
      applicationId,
      name: names[applicationId] ?? `Applicant #${applicationId}`,
      documentCount: counts[applicationId] ?? 0,
    })),
  });
};

/**
 * The API: the list of recent bundles (none unless given), what a bundle would hold
 * (`contents`), and `onPost` for a request.
 */
function api(
  onPost: () => Response,
  recent: DocumentBundle[] = [],
  contents: (call: FetchCall) => Response = someHaveNone,
) {
  return mockFetch((call: FetchCall) => {
    if (call.method === 'GET') return jsonResponse(200, { items: recent });
    if (call.path === '/api/client/document_bundles/contents') return contents(call);
    return onPost();
  });
}
const posts = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/api/client/document_bundles');

async function openDialog(applicationIds = [11, 12, 13]) {
  renderWithProviders(<RequestBundleButton opportunityId={5} applicationIds={applicationIds} />);
  await userEvent.click(screen.getByRole('button', { name: 'Request documents' }));
  return screen.findByRole('dialog', { name: 'Request documents' });
}

describe('RequestBundleButton', () => {
  it('says how many applicants and offers every kind of document, all chosen', async () => {
    signIn({ role: 'client', sub: '1' });
    api(() => jsonResponse(500));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('The documents of 3 applicants will be put in one zip');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Identity document',
      'Transcript',
      'High school certificate',
      'Proof of registration',
      'Other',
    ]);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
  });

  it('speaks of one applicant in the singular', async () => {
    signIn({ role: 'client', sub: '1' });
    api(() => jsonResponse(500));
    const dialog = await openDialog([4]);
    expect(dialog.textContent).toContain('The documents of 1 applicant will');
  });

  it('says what the bundle will hold and who has nothing in it', async () => {
    signIn({ role: 'client', sub: '1' });
    api(() => jsonResponse(500));
    await openDialog();
    const status = await screen.findByRole('status', { name: 'What the bundle will hold' });
    expect(status.textContent).toBe(
      'The bundle will hold 5 documents from 2 of 3 applicants. No documents of the chosen kinds from Nomsa Mokoena.',
    );
    expect(
      (screen.getByRole('button', { name: 'Request bundle' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says there is nothing to bundle before building one, and asks for nothing', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = api(() => jsonResponse(202, { id: 9, status: 'queued' }));
    await openDialog([12, 4]);
    expect(
      (await screen.findByText(`${documentBundleMessages.nothingToBundle}.`)).textContent,
    ).toBeTruthy();
    const request = screen.getByRole('button', { name: 'Request bundle' }) as HTMLButtonElement;
    expect(request.disabled).toBe(true);
    expect(posts(calls)).toEqual([]);
  });

  it('posts the chosen kinds for the applications and says the bundle is queued', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = api(() => jsonResponse(202, { id: 9, status: 'queued' }));
    await openDialog();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Identity document' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect(await screen.findByText(documentBundleMessages.queued)).toBeTruthy();
    expect(posts(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/client/document_bundles',
        body: {
          bundle: {
            opportunityId: 5,
            applicationIds: [11, 12, 13],
            documentKinds: ['transcript', 'high_school_certificate', 'proof_of_registration'],
          },
        },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for a kind before it posts anything', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = api(() => jsonResponse(202, { id: 9, status: 'queued' }));
    await openDialog();
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      documentBundleMessages.kindsRequired,
    );
    expect(posts(calls)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says the request failed and keeps the dialog open to try again', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = api(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'These applications are not of this opportunity: 12',
        errors: { applicationIds: ['These applications are not of this opportunity: 12'] },
      }),
    );
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect(await screen.findByText(documentBundleMessages.failed)).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Request documents' })).toBeTruthy();
  });

  it('shows the user’s recent requests of this opportunity and where they are', async () => {
    signIn({ role: 'client', sub: '1' });
    api(
      () => jsonResponse(500),
      [
        bundle({ id: 3, status: 'running', createdAt: '2026-11-24T09:00:00.000Z', byteSize: null }),
        bundle({ id: 2, opportunityId: 6, applicationCount: 40 }),
        bundle({ id: 1 }),
      ],
    );
    await openDialog();
    const recent = await screen.findByRole('region', { name: 'Your recent requests' });
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '24 November 2026 · 3 applicantsBeing prepared',
      '23 November 2026 · 3 applicantsReady, link e-mailed (2.5 MB)',
    ]);
  });

  it('shows no recent requests before the first', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = api(() => jsonResponse(500));
    await openDialog();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Your recent requests' })).toBeNull();
  });

  it('is disabled when asked, or when no applicant is chosen', () => {
    signIn({ role: 'client', sub: '1' });
    renderWithProviders(
      <>
        <RequestBundleButton opportunityId={5} applicationIds={[1]} disabled />
        <RequestBundleButton opportunityId={5} applicationIds={[]} />
      </>,
    );
    for (const button of screen.getAllByRole('button', { name: 'Request documents' })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { documentBundleMessages } from '@pathways/shared/document-bundles/document-bundles.schemas';

import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../testing/test-utils';
import { RequestBundleButton } from './request-bundle-button';

async function openDialog(applicationIds = [11, 12, 13]) {
  renderWithProviders(<RequestBundleButton opportunityId={5} applicationIds={applicationIds} />);
  await userEvent.click(screen.getByRole('button', { name: 'Request documents' }));
  return screen.findByRole('dialog', { name: 'Request documents' });
}

describe('RequestBundleButton', () => {
  it('says how many applicants and offers every kind of document, all chosen', async () => {
    signIn({ role: 'client', sub: '1' });
    mockFetch(() => jsonResponse(500));
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
    mockFetch(() => jsonResponse(500));
    const dialog = await openDialog([4]);
    expect(dialog.textContent).toContain('The documents of 1 applicant will');
  });

  it('posts the chosen kinds for the applications and says the bundle is queued', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = mockFetch(() => jsonResponse(202, { id: 9, status: 'queued' }));
    await openDialog();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Identity document' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect(await screen.findByText(documentBundleMessages.queued)).toBeTruthy();
    expect(calls).toEqual([
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
    const calls = mockFetch(() => jsonResponse(202, { id: 9, status: 'queued' }));
    await openDialog();
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      documentBundleMessages.kindsRequired,
    );
    expect(calls).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says the request failed and keeps the dialog open to try again', async () => {
    signIn({ role: 'client', sub: '1' });
    const calls = mockFetch(() =>
      jsonResponse(422, {
        code: 'validation',
        message: 'These applications are not of this opportunity: 12',
        errors: { applicationIds: ['These applications are not of this opportunity: 12'] },
      }),
    );
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Request bundle' }));
    expect(await screen.findByText(documentBundleMessages.failed)).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Request documents' })).toBeTruthy();
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

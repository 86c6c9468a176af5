import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { insertAfter, moveTo } from '@pathways/shared/pipeline/chain';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { PhasesTab } from './phases-tab';

// The phases tab against a small in-memory pipeline that answers as the API does.

function pipeline(
  names: string[],
  applications: Record<string, number> = {},
  out: { regretted: number; withdrawn: number } = { regretted: 0, withdrawn: 0 },
) {
  let order = names.map((_, i) => i + 1);
  const name = new Map(names.map((n, i) => [i + 1, n]));
  const list = () => ({
    items: order.map((id, i) => ({
      id,
      name: name.get(id)!,
      description: null,
      order: i + 1,
      initial: i === 0,
      next: order[i + 1] ?? null,
      applications: applications[name.get(id)!] ?? 0,
    })),
    ...out,
  });
  const calls = mockFetch((call) => {
    const phase = /phases\/(\d+)$/.exec(call.path)?.[1];
    if (call.method === 'GET') return jsonResponse(200, list());
    if (call.method === 'PATCH' && phase) {
      const body = (call.body as { phase: { position?: number; name?: string } }).phase;
      if (body.position) order = moveTo(order, Number(phase), body.position);
      if (body.name) name.set(Number(phase), body.name);
      return jsonResponse(200, list());
    }
    if (call.method === 'POST') {
      const body = (call.body as { phase: { name: string; afterPhaseId?: number | null } }).phase;
      if (!body.name.trim()) return jsonResponse(422, { errors: { name: ['must be provided'] } });
      const id = order.length + 1;
      name.set(id, body.name);
      order = insertAfter(order, id, body.afterPhaseId ?? null);
      return jsonResponse(201, list());
    }
    if (call.method === 'DELETE' && phase) {
      const n = applications[name.get(Number(phase))!] ?? 0;
      if (n > 0) {
        return jsonResponse(409, {
          code: 'conflict',
          message: `This phase cannot be deleted: ${n} applications are in it. Move them to another phase first.`,
        });
      }
      order = order.filter((id) => id !== Number(phase));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, {});
  });
  return calls;
}

const shown = async () => {
  const list = await screen.findByRole('list', { name: 'Phases in order' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
};

describe('PhasesTab', () => {
  it('lists the phases in chain order and moves one up', async () => {
    const calls = pipeline(['Applied', 'Screening', 'Offer']);
    renderWithProviders(<PhasesTab opportunityId={7} />);
    expect(await shown()).toEqual(['1. Applied', '2. Screening', '3. Offer']);
    expect(screen.getByRole('button', { name: 'Move Applied up' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Move Offer down' })).toHaveProperty(
      'disabled',
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Move Offer up' }));
    await screen.findByText('Offer is now phase 2');
    expect(await shown()).toEqual(['1. Applied', '2. Offer', '3. Screening']);
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/client/opportunities/7/phases/3',
      body: { phase: { position: 2 } },
    });
  });

  it('counts the applications in each phase and shows the regretted and withdrawn ones apart', async () => {
    pipeline(
      ['Applied', 'Screening'],
      { Applied: 12, Screening: 1 },
      { regretted: 3, withdrawn: 1 },
    );
    renderWithProviders(<PhasesTab opportunityId={7} />);
    const list = await screen.findByRole('list', { name: 'Phases in order' });
    expect(within(list).getByText('12 applications')).toBeTruthy();
    expect(within(list).getByText('1 application')).toBeTruthy();
    expect(
      screen.getByText(
        'Not counted in any phase: 3 applications regretted, 1 application withdrawn.',
      ),
    ).toBeTruthy();
  });

  it('adds a phase after the one chosen, refusing a blank name in the form', async () => {
    const calls = pipeline(['Applied', 'Offer']);
    renderWithProviders(<PhasesTab opportunityId={7} />);
    await shown();
    await userEvent.click(screen.getByRole('button', { name: 'Add a phase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a phase' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('must be provided')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Interview');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Place it after' }));
    await userEvent.click(await screen.findByRole('option', { name: '1. Applied' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await shown()).toEqual(['1. Applied', '2. Interview', '3. Offer']);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      phase: { name: 'Interview', description: null, afterPhaseId: 1 },
    });
  });

  it('says why a phase with applications cannot be deleted', async () => {
    pipeline(['Applied', 'Offer'], { Offer: 2 });
    renderWithProviders(<PhasesTab opportunityId={7} />);
    await shown();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Offer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This phase cannot be deleted: 2 applications are in it. Move them to another phase first.',
      ),
    ).toBeTruthy();
    expect(await shown()).toEqual(['1. Applied', '2. Offer']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch, renderWithProviders } from '../../../testing/test-utils';
import { ScreeningQuestionsTab } from './screening-questions-tab';

// The screening questions tab against an in-memory list that answers as the API does.

interface Q {
  id: number;
  prompt: string;
  required: boolean;
  position: number;
  answers: number;
}

function questions(initial: Omit<Q, 'position'>[]) {
  let items: Q[] = initial.map((q, position) => ({ ...q, position }));
  const list = () => jsonResponse(200, { items });
  return mockFetch((call) => {
    const id = Number(/screening_questions\/(\d+)$/.exec(call.path)?.[1]);
    if (call.method === 'GET') return list();
    if (call.method === 'POST') {
      const { screeningQuestion: q } = call.body as {
        screeningQuestion: { prompt: string; required?: boolean };
      };
      const added = { prompt: q.prompt, required: q.required ?? true, answers: 0 };
      items = [...items, { ...added, id: 99, position: items.length }];
      return jsonResponse(201, { items });
    }
    if (call.method === 'PUT') {
      const { questionIds } = call.body as { questionIds: number[] };
      items = questionIds.map((qid, position) => ({
        ...items.find((q) => q.id === qid)!,
        position,
      }));
      return list();
    }
    if (call.method === 'DELETE') {
      const q = items.find((x) => x.id === id)!;
      if (q.answers > 0) {
        return jsonResponse(409, {
          code: 'conflict',
          message: `This question cannot be removed: ${q.answers} applicants have answered it. Change its wording or make it optional instead.`,
        });
      }
      items = items.filter((x) => x.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, {});
  });
}

const shown = async () =>
  within(await screen.findByRole('list', { name: 'Screening questions in order' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.MuiListItemText-primary')?.textContent);

describe('ScreeningQuestionsTab', () => {
  it('adds an optional question last and moves it up', async () => {
    const calls = questions([{ id: 1, prompt: 'Why us?', required: true, answers: 3 }]);
    renderWithProviders(<ScreeningQuestionsTab opportunityId={7} />);
    expect(await shown()).toEqual(['1. Why us?']);
    expect(screen.getByText('3 answers')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Question' }),
      'Notice period?',
    );
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Applicants must answer it' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await shown()).toEqual(['1. Why us?', '2. Notice period?']);
    expect(screen.getByText('Optional')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      screeningQuestion: { prompt: 'Notice period?', required: false },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    await waitFor(async () => expect(await shown()).toEqual(['1. Notice period?', '2. Why us?']));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ questionIds: [99, 1] });
  });

  it('says why an answered question stays', async () => {
    questions([{ id: 1, prompt: 'Why us?', required: true, answers: 2 }]);
    renderWithProviders(<ScreeningQuestionsTab opportunityId={7} />);
    await shown();
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this question?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(
        'This question cannot be removed: 2 applicants have answered it. Change its wording or make it optional instead.',
      ),
    ).toBeTruthy();
    expect(await shown()).toEqual(['1. Why us?']);
  });
});

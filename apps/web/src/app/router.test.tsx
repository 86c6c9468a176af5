import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { CatchUpWithAddress } from './router';

/** Renders the component as if the router had rendered `rendered` while the address is `address`. */
function popstatesAfterRender(rendered: string, address: string): PopStateEvent[] {
  window.history.replaceState({ key: 'k1' }, '', address);
  const events: PopStateEvent[] = [];
  const listener = (event: PopStateEvent) => events.push(event);
  window.addEventListener('popstate', listener);
  try {
    render(
      <MemoryRouter initialEntries={[rendered]}>
        <CatchUpWithAddress />
      </MemoryRouter>,
    );
  } finally {
    window.removeEventListener('popstate', listener);
  }
  return events;
}

describe('CatchUpWithAddress', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('gives the router a move it missed while hydrating, with the history entry state', () => {
    const events = popstatesAfterRender('/opportunities/28', '/opportunities/28/bursary');
    expect(events).toHaveLength(1);
    expect(events[0]!.state).toEqual({ key: 'k1' });
  });

  it('notices a changed query or fragment too', () => {
    expect(popstatesAfterRender('/opportunities?page=1', '/opportunities?page=2')).toHaveLength(1);
    expect(popstatesAfterRender('/employers', '/employers#contact')).toHaveLength(1);
  });

  it('does nothing when the address is the one rendered', () => {
    expect(popstatesAfterRender('/opportunities?page=2', '/opportunities?page=2')).toEqual([]);
  });
});

import { useEffect, useRef } from 'react';

import { apiRequest } from '../../../lib/api-client';
import { decodeClaims, tokenStore } from '../../../lib/session/token-store';

/**
 * POST campaigns/{id}/visits: the campaign's page is being shown. Failures are ignored. A
 * browser signed in as a client user sends its token, so the server can leave out the views of
 * the campaign's own organization; anyone else reports a view as a guest does.
 */
export function reportVisit(campaignId: number) {
  const token = tokenStore.get();
  const client = decodeClaims(token)?.role === 'client' ? token : null;
  apiRequest(`campaigns/${campaignId}/visits`, {
    method: 'POST',
    sessionCall: false,
    // The client's token for this call only: a renewed one is kept, and a 401 ends nothing.
    ownSession: { token: client, onToken: (renewed) => tokenStore.set(renewed) },
  }).catch(() => undefined);
}

/**
 * Counts one visit of a campaign's page each time the page is shown for a campaign: once the
 * page has its campaign, whether the server rendered it or the browser navigated to it, and
 * only when it is really seen (a prerendered page counts when it is shown, a page opened in a
 * background tab when the tab is first brought forward). No cookie and nothing about the
 * visitor is sent or kept.
 */
export function useCampaignVisit(campaignId: number | undefined) {
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (campaignId === undefined || counted.current === campaignId) return;
    const shown = () =>
      !(document as Document & { prerendering?: boolean }).prerendering &&
      document.visibilityState === 'visible';
    const count = () => {
      if (counted.current === campaignId || !shown()) return false;
      counted.current = campaignId;
      reportVisit(campaignId);
      return true;
    };
    if (count()) return;
    const onChange = () => {
      if (count()) stop();
    };
    const stop = () => {
      document.removeEventListener('visibilitychange', onChange);
      document.removeEventListener('prerenderingchange', onChange);
    };
    document.addEventListener('visibilitychange', onChange);
    document.addEventListener('prerenderingchange', onChange);
    return stop;
  }, [campaignId]);
}

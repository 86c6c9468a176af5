import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';

import {
  applicationView,
  type ApplicantDocument,
} from '@pathways/shared/applicants/application-view.schemas';
import { phaseEventList, type PhaseEvent } from '@pathways/shared/screening/screening.schemas';

import { apiRequest, isApiError } from '../../../lib/api-client';
import { downloadAttachment } from '../../documents';

import { applicationViewKeys } from './query-keys';

export { applicationViewKeys };

const base = (opportunityId: number, applicationId: number) =>
  `client/opportunities/${opportunityId}/applications/${applicationId}`;

/**
 * GET client/opportunities/{id}/applications/{appId}. The first request of a page asks the
 * server to record the view (`?view=1`); refetches of the same page do not count again.
 */
export function useApplicationView(opportunityId: number, applicationId: number) {
  const recorded = useRef(false);
  return useQuery({
    queryKey: applicationViewKeys.detail(opportunityId, applicationId),
    queryFn: ({ signal }) => {
      const view = !recorded.current;
      recorded.current = true;
      return apiRequest(base(opportunityId, applicationId), {
        query: view ? { view: 1 } : undefined,
        signal,
        schema: applicationView,
      });
    },
  });
}

/** The application's history, oldest first; none yet (or no history to read) is an empty list. */
export function usePhaseEvents(opportunityId: number, applicationId: number) {
  return useQuery({
    queryKey: applicationViewKeys.events(opportunityId, applicationId),
    queryFn: async ({ signal }): Promise<PhaseEvent[]> => {
      try {
        const { items } = await apiRequest(`${base(opportunityId, applicationId)}/events`, {
          signal,
          schema: phaseEventList,
        });
        return items;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/** The applicant's document as an attachment; the server records the download. */
export function useDownloadApplicantDocument() {
  return useMutation({
    mutationFn: (document: Pick<ApplicantDocument, 'downloadUrl' | 'originalName'>) =>
      downloadAttachment(document.downloadUrl, document.originalName),
  });
}

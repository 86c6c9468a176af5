import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  clientCampaign,
  clientCampaignList,
  type CampaignPatch,
  type CampaignValues,
  type ClientCampaign,
} from '@pathways/shared/campaigns/campaigns.schemas';
import { documentMessages, MAX_UPLOAD_BYTES } from '@pathways/shared/documents/documents.schemas';

import { ApiError, apiRequest } from '../../../lib/api-client';
import { uploadRequest } from '../../documents';

export const clientCampaignKeys = {
  all: ['client-campaigns'] as const,
  list: () => [...clientCampaignKeys.all, 'list'] as const,
};

/** GET client/campaigns: the organization's campaigns the user may see (up to 100). */
export function useClientCampaigns() {
  return useQuery({
    queryKey: clientCampaignKeys.list(),
    queryFn: ({ signal }) =>
      apiRequest('client/campaigns', { query: { per: 100 }, signal, schema: clientCampaignList }),
  });
}

/**
 * After any change: the list again, and every public campaign page read so far, so the page
 * shows the change at once.
 */
async function refresh(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: clientCampaignKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
  ]);
}

function useCampaignMutation<TInput>(mutationFn: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refresh(queryClient) });
}

/** POST client/campaigns {campaign}. */
export const useCreateCampaign = () =>
  useCampaignMutation((campaign: CampaignValues) =>
    apiRequest('client/campaigns', { method: 'POST', body: { campaign }, schema: clientCampaign }),
  );

/** PATCH client/campaigns/{slug} {campaign}: found by its current slug. */
export const useUpdateCampaign = () =>
  useCampaignMutation(({ slug, patch }: { slug: string; patch: CampaignPatch }) =>
    apiRequest(`client/campaigns/${encodeURIComponent(slug)}`, {
      method: 'PATCH',
      body: { campaign: patch },
      schema: clientCampaign,
    }),
  );

/** DELETE client/campaigns/{id}. */
export const useDeleteCampaign = () =>
  useCampaignMutation((id: number) => apiRequest(`client/campaigns/${id}`, { method: 'DELETE' }));

/** PUT client/campaigns/{id}/image (multipart): the page's header image. */
export const useUploadCampaignImage = () =>
  useCampaignMutation(({ campaign, file }: { campaign: ClientCampaign; file: File }) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      return Promise.reject(
        new ApiError(413, {
          code: 'payload_too_large',
          message: documentMessages.fileTooLarge,
          errors: { file: [documentMessages.fileTooLarge] },
        }),
      );
    }
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadRequest(`client/campaigns/${campaign.id}/image`, {
      method: 'PUT',
      form,
      schema: clientCampaign,
    });
  });

/** DELETE client/campaigns/{id}/image. */
export const useRemoveCampaignImage = () =>
  useCampaignMutation((id: number) =>
    apiRequest(`client/campaigns/${id}/image`, { method: 'DELETE', schema: clientCampaign }),
  );

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  webhookDeliveryList,
  webhookDeliveryResponse,
  webhookEndpointList,
  webhookEndpointResponse,
  webhookEndpointWithSecretResponse,
  type NewWebhookEndpoint,
} from '@pathways/shared/webhooks/webhooks.schemas';
import type { SubscribableEventType } from '@pathways/shared/webhooks/webhooks.events';

import { apiRequest } from '../../../lib/api-client';

/** Every query of the webhooks section, under one prefix so a change refreshes them all. */
export const webhookKeys = {
  all: ['client', 'webhook_endpoints'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number, page: number) => [...webhookKeys.all, id, 'deliveries', page] as const,
};

const base = 'client/webhook_endpoints';

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => apiRequest(base, { signal, schema: webhookEndpointList }),
  });
}

/** An endpoint's deliveries, newest first, a page at a time. */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/${id}/deliveries`, {
        signal,
        query: { page, per: 20 },
        schema: webhookDeliveryList,
      }),
    placeholderData: keepPreviousData,
    // A message still being delivered is looked at again until it is settled.
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending') ? 3000 : false,
  });
}

function useRefreshAfter<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useCreateWebhookEndpoint() {
  return useRefreshAfter((endpoint: NewWebhookEndpoint) =>
    apiRequest(base, {
      method: 'POST',
      body: { endpoint },
      schema: webhookEndpointWithSecretResponse,
    }),
  );
}

export interface EndpointChanges {
  url?: string;
  description?: string;
  events?: SubscribableEventType[] | null;
  enabled?: boolean;
}

export function useUpdateWebhookEndpoint() {
  return useRefreshAfter(({ id, changes }: { id: number; changes: EndpointChanges }) =>
    apiRequest(`${base}/${id}`, {
      method: 'PATCH',
      body: { endpoint: changes },
      schema: webhookEndpointResponse,
    }),
  );
}

export function useDeleteWebhookEndpoint() {
  return useRefreshAfter((id: number) => apiRequest(`${base}/${id}`, { method: 'DELETE' }));
}

export function useRotateWebhookSecret() {
  return useRefreshAfter((id: number) =>
    apiRequest(`${base}/${id}/rotate_secret`, {
      method: 'POST',
      schema: webhookEndpointWithSecretResponse,
    }),
  );
}

export function useReplayDelivery() {
  return useRefreshAfter(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    apiRequest(`${base}/${id}/deliveries/${deliveryId}/replay`, {
      method: 'POST',
      schema: webhookDeliveryResponse,
    }),
  );
}

export function useSendTestEvent() {
  return useRefreshAfter((id: number) =>
    apiRequest(`${base}/${id}/test`, { method: 'POST', schema: webhookDeliveryResponse }),
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';

import {
  apiKeyList,
  apiKeyRequestList,
  type ApiKeyList,
  type ApiKeyRequestList,
} from '@pathways/shared/api-keys/api-keys.schemas';

import { apiRequest } from '../../../lib/api-client';
import { apiKeyKeys } from './query-keys';

export function fetchApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return apiRequest('client/api_keys', { signal, schema: apiKeyList });
}

/** The organization's API keys, newest first. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => fetchApiKeys(signal) });
}

export const REQUESTS_PER_PAGE = 20;

/** A page of a key's calls, newest first. */
export function useApiKeyRequests(id: number, page: number) {
  return useQuery({
    queryKey: apiKeyKeys.requests(id, page),
    queryFn: ({ signal }): Promise<ApiKeyRequestList> =>
      apiRequest(`client/api_keys/${id}/requests`, {
        signal,
        query: { page, per: REQUESTS_PER_PAGE },
        schema: apiKeyRequestList,
      }),
    placeholderData: keepPreviousData,
  });
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  clientOrganization,
  organizationLocation,
  organizationLogoResponse,
  type ClientOrganization,
  type OrganizationFields,
  type OrganizationLocationInput,
} from '@pathways/shared/organizations/organizations.schemas';

import { apiRequest } from '../../../lib/api-client';
import { uploadPicture } from '../../documents';
import { organizationQueryKey } from './get-organization';

export const clientOrganizationQueryKey = ['client', 'organization'] as const;

/** GET client/organization: the signed-in client user's own organization. */
export function fetchClientOrganization(signal?: AbortSignal): Promise<ClientOrganization> {
  return apiRequest('client/organization', { signal, schema: clientOrganization });
}

export function useClientOrganization() {
  return useQuery({
    queryKey: clientOrganizationQueryKey,
    queryFn: ({ signal }) => fetchClientOrganization(signal),
  });
}

/** After any change: the own copy refetched, and the public page's copy no longer trusted. */
async function changed(queryClient: QueryClient, saved?: ClientOrganization) {
  if (saved) queryClient.setQueryData(clientOrganizationQueryKey, saved);
  const current = queryClient.getQueryData<ClientOrganization>(clientOrganizationQueryKey);
  await Promise.all([
    saved ? undefined : queryClient.invalidateQueries({ queryKey: clientOrganizationQueryKey }),
    current
      ? queryClient.invalidateQueries({ queryKey: organizationQueryKey(current.id) })
      : undefined,
  ]);
}

/** PATCH client/organization with `{organization}`; a 422 carries `errors` by field. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organization: Partial<OrganizationFields>) =>
      apiRequest('client/organization', {
        method: 'PATCH',
        body: { organization },
        schema: clientOrganization,
      }),
    onSuccess: (saved) => changed(queryClient, saved),
  });
}

export function uploadLogo(file: File, onProgress?: (fraction: number) => void) {
  return uploadPicture('client/organization/logo', organizationLogoResponse, file, onProgress);
}

/** PUT client/organization/logo (multipart): the resized picture becomes the logo. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) =>
      uploadLogo(file, onProgress),
    onSuccess: () => changed(queryClient),
  });
}

/** DELETE client/organization/logo: back to the initials. */
export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('client/organization/logo', { method: 'DELETE' }),
    onSuccess: () => changed(queryClient),
  });
}

/** POST client/organization/locations with `{location}`, a place picked by search. */
export function useAddLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: OrganizationLocationInput) =>
      apiRequest('client/organization/locations', {
        method: 'POST',
        body: { location },
        schema: organizationLocation,
      }),
    onSuccess: () => changed(queryClient),
  });
}

/** DELETE client/organization/locations/{id}. */
export function useRemoveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`client/organization/locations/${id}`, { method: 'DELETE' }),
    onSuccess: () => changed(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';

import { apiRequest } from '../../../lib/api-client';
import { invalidateProfile } from './invalidate-profile';

/**
 * The create, change and delete calls of one profile section: POST
 * {path} and PATCH / DELETE {path}/{id}, bodies wrapped in the section's key
 * ({experience: {...}}). Each success refreshes the profile, the to-do list and the completion.
 */
export function useSectionMutations<TItem, TInput>(section: {
  path: string;
  wrapper: string;
  schema: ZodType<TItem>;
}) {
  const queryClient = useQueryClient();
  const onSuccess = () => invalidateProfile(queryClient);
  const { path, wrapper, schema } = section;

  const create = useMutation({
    mutationFn: (input: TInput) =>
      apiRequest(path, { method: 'POST', body: { [wrapper]: input }, schema }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<TInput> }) =>
      apiRequest(`${path}/${id}`, { method: 'PATCH', body: { [wrapper]: input }, schema }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}

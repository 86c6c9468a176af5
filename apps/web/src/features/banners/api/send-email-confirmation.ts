import { useMutation, useQueryClient } from '@tanstack/react-query';

import { messageBody } from '@pathways/shared/auth/auth.schemas';
import { EMAIL_RESEND_REFRESH_DELAY_MS } from '@pathways/shared/common/constants';

import { apiRequest } from '../../../lib/api-client';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resending the confirmation e-mail waits 7 seconds and then refreshes
 * the user. The mutation stays pending until the refresh, so the button shows the wait.
 */
export function useSendEmailConfirmation(options: { onSent?: (message: string) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { message } = await apiRequest('candidate/candidate/send_email_confirmation', {
        schema: messageBody,
      });
      options.onSent?.(message);
      await wait(EMAIL_RESEND_REFRESH_DELAY_MS);
      await queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
      return message;
    },
  });
}

import { useMutation } from '@tanstack/react-query';

import { env } from '../../../config/env';
import { downloadAttachment } from '../../documents';

/** GET candidate/candidate/export: everything Pathways holds about the candidate, as JSON. */
export function useExportData() {
  return useMutation({
    mutationFn: () =>
      downloadAttachment(`${env.apiBase}/candidate/candidate/export`, 'pathways-my-data.json'),
  });
}

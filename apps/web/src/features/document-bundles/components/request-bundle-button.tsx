import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';

import { RequestBundleDialog } from './request-bundle-dialog';

/**
 * "Request documents" for the applicants chosen in a list: opens the dialog that picks the
 * kinds of document and queues one zip of them.
 */
export function RequestBundleButton({
  opportunityId,
  applicationIds,
  disabled = false,
}: {
  opportunityId: number;
  applicationIds: number[];
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        startIcon={<FolderZipOutlined />}
        onClick={() => setOpen(true)}
        disabled={disabled || applicationIds.length === 0}
      >
        Request documents
      </Button>
      {open && (
        <RequestBundleDialog
          opportunityId={opportunityId}
          applicationIds={applicationIds}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

import { supportChatMessages, useSupportChat } from '../../support-chat';

/** A suspended candidate sees a banner and has limited access. */
export function SuspensionBanner() {
  const supportChat = useSupportChat();
  return (
    <Alert
      severity="error"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          onClick={() => supportChat.open(supportChatMessages.suspended)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          Contact support
        </Button>
      }
    >
      <AlertTitle>Your profile has been suspended</AlertTitle>
      Irregularities were found in your profile, so opportunity search is unavailable and your
      applications are flagged until the affected sections are corrected.
    </Alert>
  );
}

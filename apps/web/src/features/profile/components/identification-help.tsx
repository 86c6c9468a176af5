import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

import { identificationMessages } from '@pathways/shared/profile/identification';

import { useSupportChat } from '../../support-chat';

/**
 * When the identification is refused, say so, and offer Help: the support
 * chat opens with a message saying the number already exists.
 */
export function IdentificationHelp() {
  const supportChat = useSupportChat();
  return (
    <Alert
      severity="error"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() => supportChat.open(identificationMessages.helpRequest)}
        >
          Help
        </Button>
      }
    >
      {identificationMessages.saveFailed}
    </Alert>
  );
}

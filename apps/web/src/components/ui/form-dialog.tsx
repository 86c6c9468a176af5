import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';

/**
 * A dialog that is one form: a title, an optional sentence on what it does, the fields, and
 * Cancel beside the submit button. While the form is sent it cannot be closed, and the submit
 * button shows that it is busy. The dialog is named by its title and described by the sentence.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  submitting,
  onSubmit,
  onClose,
  children,
  paperProps,
  maxWidth = 'sm',
  submitDisabled = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  submitLabel: ReactNode;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  /** The paper's slot props, e.g. a width for phones. */
  paperProps?: NonNullable<DialogProps['slotProps']>['paper'];
  maxWidth?: DialogProps['maxWidth'];
  /** When there is nothing to send yet (the form says why). */
  submitDisabled?: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={description ? textId : undefined}
      fullWidth
      maxWidth={maxWidth}
      slotProps={paperProps ? { paper: paperProps } : undefined}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {description && <DialogContentText id={textId}>{description}</DialogContentText>}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={submitting} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

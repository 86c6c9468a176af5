import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';

/**
 * A link that opens nothing (unknown, expired, or its interview cancelled): says so, and shows
 * nothing of any interview.
 */
export function LinkClosed({ what }: { what: 'interview' | 'feedback' }) {
  return (
    <>
      <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        This link does not work any more
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {what === 'interview'
          ? 'The interview may have been cancelled, or the link has expired (a link works until 14 days after its interview).'
          : 'The request may have been withdrawn, or the link has expired.'}
      </Alert>
      <Typography>
        {what === 'interview'
          ? 'If you still expect to interview, ask the person who invited you to send you a new link.'
          : 'If you still want to give feedback, ask the person who asked you for a new link.'}
      </Typography>
    </>
  );
}

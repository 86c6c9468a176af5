import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';

import { UnsubscribeView } from '../../features/notifications/components/unsubscribe-view';

/** /unsubscribe?token=…: the page an e-mail's unsubscribe link opens in a browser. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 520 }}>
        <Typography variant="h1" sx={{ fontSize: '1.75rem', mb: 3 }}>
          Unsubscribe from these e-mails
        </Typography>
        <UnsubscribeView token={params.get('token') ?? ''} />
      </Paper>
    </Box>
  );
}

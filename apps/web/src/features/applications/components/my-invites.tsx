import MailOutlined from '@mui/icons-material/MailOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';

import { useInvites } from '../api/get-invites';
import { formatDate } from '../utils/format';

/** The dashboard's "My invites": opportunities an organization asked the candidate to apply for. */
export function MyInvites() {
  const { data, isError } = useInvites();

  return (
    <Box component="section" aria-labelledby="my-invites-heading">
      <Typography id="my-invites-heading" variant="h2" sx={{ fontSize: '1.5rem', mb: 1.5 }}>
        My invites
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
        {isError ? (
          <Typography color="text.secondary">Your invites could not be loaded.</Typography>
        ) : !data ? (
          <Typography color="text.secondary">Loading...</Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">
            No invites yet. When an organization invites you to apply, you will find it here.
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Invites"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
          >
            {data.map((invite) => (
              <Box component="li" key={invite.id} sx={{ display: 'flex', gap: 1.5 }}>
                <MailOutlined color="secondary" aria-hidden sx={{ mt: '2px' }} />
                <Box sx={{ minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={opportunityPagePath(invite.opportunity.id, invite.opportunity.name)}
                    sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                  >
                    {invite.opportunity.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {invite.opportunity.organization.name} invited you on{' '}
                    {formatDate(invite.invitedAt)}
                    {invite.opportunity.closesAt &&
                      ` · closes ${formatDate(invite.opportunity.closesAt)}`}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}

import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';

import { campaignEligibilityList } from '@pathways/shared/eligibility/eligibility.schemas';

import { signupRequest } from '../api/signup-request';

/** The logged-in candidate's eligibilities for the campaign the dialog was opened on. */
export function SignupEligibilities({ campaignId, token }: { campaignId: number; token: string }) {
  const query = useQuery({
    queryKey: ['signup', 'eligibilities', campaignId, token],
    queryFn: async ({ signal }) =>
      (
        await signupRequest(`candidate/campaigns/${campaignId}/eligibilities`, {
          token,
          signal,
          schema: campaignEligibilityList,
        })
      ).data,
    enabled: token !== '',
  });

  if (query.isPending) return <Skeleton variant="rounded" height={56} sx={{ mb: 2 }} />;
  if (query.isError)
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        Your matches could not be loaded just now. You will find them on the campaign page.
      </Alert>
    );
  if (query.data.items.length === 0)
    return (
      <Typography sx={{ mb: 2 }} color="text.secondary">
        There are no open opportunities in this campaign right now.
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label="Your eligibility"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      {query.data.items.map((eligibility) => (
        <Box
          component="li"
          key={eligibility.opportunity.id}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            py: 1.25,
            '& + &': { borderTop: 1, borderColor: 'divider' },
          }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {eligibility.opportunity.name}
          </Typography>
          {eligibility.eligible ? (
            <Chip
              size="small"
              color="success"
              icon={<CheckCircle aria-hidden />}
              label="You qualify"
            />
          ) : (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              icon={<ErrorOutline aria-hidden />}
              label="Not yet"
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

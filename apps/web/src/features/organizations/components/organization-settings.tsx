import Public from '@mui/icons-material/Public';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink } from 'react-router';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useClientOrganization } from '../api/client-organization';
import { organizationPagePath } from '../utils/organization-path';
import { OrganizationDetailsCard } from './organization-details-card';
import { OrganizationLocationsCard } from './organization-locations-card';
import { OrganizationLogoCard } from './organization-logo-card';

/**
 * The client's own organization: its details, logo and locations. Primary users change them;
 * any other user of the organization sees them read-only, with a note saying why.
 */
export function OrganizationSettings() {
  const { data: organization, isPending, isError, refetch } = useClientOrganization();
  if (isPending) return <LinearProgress aria-label="Loading your organization" />;
  if (isError) {
    return (
      <RetryAlert onRetry={() => void refetch()}>Your organization could not be loaded.</RetryAlert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          component={RouterLink}
          to={organizationPagePath(organization.id, organization.name)}
          variant="outlined"
          startIcon={<Public aria-hidden />}
        >
          View the public page
        </Button>
      </Box>
      {organization.canEdit ? null : (
        <Alert severity="info">
          Only a primary user of your organization can change the organization. You can see its
          details here; ask a primary user for any change.
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3 }}>
          <OrganizationDetailsCard organization={organization} />
          <OrganizationLocationsCard organization={organization} />
        </Box>
        <OrganizationLogoCard organization={organization} />
      </Box>
    </Box>
  );
}

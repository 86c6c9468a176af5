import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useEligibility } from '../api/client-eligibilities';

const statusWords = { met: 'Met', unmet: 'Not met', unknown: 'Not known' } as const;
const statusIcons = {
  met: <CheckCircleOutline color="success" />,
  unmet: <CancelOutlined color="error" />,
  unknown: <HelpOutline color="action" />,
};

/** Every criterion of one candidate's eligibility: what it asks, and why it is met or not. */
export function CriteriaDetails({ opportunityId, id }: { opportunityId: number; id: number }) {
  const query = useEligibility(opportunityId, id, true);
  if (query.isPending) return <Skeleton height={64} aria-label="Loading the criteria" />;
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The criteria could not be loaded.
      </RetryAlert>
    );
  }
  const criteria = query.data.criteriaResults;
  if (criteria.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        This opportunity has no requirements, or this candidate has not been checked yet.
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label="Criteria">
      {criteria.map((c) => (
        <ListItem key={c.requirementId} disableGutters>
          <ListItemIcon sx={{ minWidth: 36 }}>{statusIcons[c.status]}</ListItemIcon>
          <ListItemText
            primary={`${statusWords[c.status]}: ${c.description}`}
            secondary={c.reason}
          />
        </ListItem>
      ))}
    </List>
  );
}

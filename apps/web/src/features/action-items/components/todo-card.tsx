import Refresh from '@mui/icons-material/Refresh';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

import { useActionItems } from '../api/get-action-items';
import { ActionItemsContent } from './action-items-status';

/** The candidate's to-do list card: "My to do list", its subtitle, a refresh button. */
export function TodoCard() {
  const { refetch, isFetching } = useActionItems();
  return (
    <Card variant="outlined" component="section" aria-labelledby="todo-card-title">
      <CardHeader
        title="My to do list"
        subheader="Steps to complete your profile and applications"
        slotProps={{
          title: { id: 'todo-card-title', component: 'h2', variant: 'h6' },
          subheader: { variant: 'body2' },
        }}
        action={
          <Tooltip title="Refresh">
            <IconButton
              aria-label="Refresh my to do list"
              aria-busy={isFetching}
              onClick={() => void refetch()}
            >
              <Refresh
                sx={{
                  '@keyframes todo-spin': { to: { transform: 'rotate(360deg)' } },
                  animation: isFetching ? 'todo-spin 1s linear infinite' : 'none',
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              />
            </IconButton>
          </Tooltip>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <ActionItemsContent />
      </CardContent>
    </Card>
  );
}

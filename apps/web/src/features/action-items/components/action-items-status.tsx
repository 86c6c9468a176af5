import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { useActionItems } from '../api/get-action-items';
import { ActionItemsList } from './action-items-list';

/** The to-do list with its loading, error and empty states (the card and the top-bar menu). */
export function ActionItemsContent({ onNavigate }: { onNavigate?: () => void }) {
  const { data: items, isPending, isError, refetch } = useActionItems();
  if (isPending) {
    return (
      <Typography color="text.secondary" role="status">
        Loading...
      </Typography>
    );
  }
  if (isError) {
    return (
      <Typography color="text.secondary" role="status">
        Your to do list could not be loaded.{' '}
        <Button size="small" onClick={() => void refetch()}>
          Try again
        </Button>
      </Typography>
    );
  }
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" role="status">
        Nice, you are all caught up!
      </Typography>
    );
  }
  return <ActionItemsList items={items} {...(onNavigate ? { onNavigate } : {})} />;
}

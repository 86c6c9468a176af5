import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { groupActionItems } from '@pathways/shared/action-items/action-items.rules';
import {
  isCriticalAction,
  type ActionItem,
} from '@pathways/shared/action-items/action-items.schemas';

function ActionRow({ item, onNavigate }: { item: ActionItem; onNavigate?: () => void }) {
  // Priority above 5 is critical (error colour), anything else a warning.
  const critical = isCriticalAction(item);
  const color = critical ? 'error' : 'warning';
  return (
    <ListItem disablePadding data-severity={critical ? 'critical' : 'warning'}>
      <ListItemButton
        component={RouterLink}
        to={item.resolutionPath}
        onClick={onNavigate}
        sx={{ borderRadius: 2, alignItems: 'flex-start', px: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 36, mt: 0.75 }}>
          {critical ? (
            <ErrorOutline color={color} fontSize="small" titleAccess="Urgent" />
          ) : (
            <WarningAmber color={color} fontSize="small" titleAccess="To do" />
          )}
        </ListItemIcon>
        <ListItemText
          primary={item.label}
          secondary={item.description}
          slotProps={{
            primary: { sx: { color: `${color}.main`, fontWeight: 600 } },
            secondary: { color: 'text.secondary' },
          }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function Group({
  name,
  items,
  onNavigate,
}: {
  name: string;
  items: ActionItem[];
  onNavigate?: (() => void) | undefined;
}) {
  const headingId = useId();
  return (
    <Box component="li" sx={{ listStyle: 'none', '& + &': { mt: 1.5 } }}>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 2, px: 1 }}
      >
        {name}
      </Typography>
      <List disablePadding aria-labelledby={headingId}>
        {items.map((item) => (
          <ActionRow key={item.id} item={item} {...(onNavigate ? { onNavigate } : {})} />
        ))}
      </List>
    </Box>
  );
}

/**
 * The to-do actions grouped by opportunity name, "General" (no opportunity) first; each goes to
 * the place that resolves it.
 */
export function ActionItemsList({
  items,
  onNavigate,
}: {
  items: readonly ActionItem[];
  /** Called when an action is followed (a menu closes itself). */
  onNavigate?: () => void;
}) {
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Actions">
      {groupActionItems(items).map((group) => (
        <Group key={group.key} name={group.name} items={group.items} onNavigate={onNavigate} />
      ))}
    </Box>
  );
}

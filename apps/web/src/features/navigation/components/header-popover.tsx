import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

/** A top-bar icon button that opens a small labelled panel (notifications, to-do list). */
export function HeaderPopover({
  label,
  icon,
  count,
  title,
  subtitle,
  children,
}: {
  label: string;
  icon: ReactNode;
  count: number;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const titleId = useId();
  const open = anchor !== null;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={count > 0 ? `${label} (${count})` : label}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} color="primary" invisible={count === 0}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { mt: 1, width: 360, maxWidth: 'calc(100vw - 24px)' },
          },
        }}
      >
        <Box sx={{ px: 2.5, pt: 2, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        <Box sx={{ px: 2.5, py: 3 }}>{children}</Box>
      </Popover>
    </>
  );
}

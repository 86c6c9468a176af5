import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A profile section: a heading, its entries and an Add button. Its id is the anchor the to-do
 * list links to (#experiences); it takes the focus when a link lands on it.
 */
export function SectionCard({
  id,
  title,
  description,
  addLabel,
  onAdd,
  empty,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  addLabel: string;
  onAdd: () => void;
  empty: string;
  children: ReactNode[];
}) {
  const titleId = `${id}-title`;
  return (
    <Card
      variant="outlined"
      component="section"
      id={id}
      tabIndex={-1}
      aria-labelledby={titleId}
      sx={{ scrollMarginTop: 80, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
    >
      <CardContent>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 2,
            flexDirection: { xs: 'column', sm: 'row' },
          }}
        >
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography id={titleId} component="h2" variant="h6">
              {title}
            </Typography>
            {description && (
              <Typography variant="body2" color="text.secondary">
                {description}
              </Typography>
            )}
          </Box>
          <Button variant="outlined" startIcon={<Add />} onClick={onAdd} sx={{ flexShrink: 0 }}>
            {addLabel}
          </Button>
        </Box>
        {children.length > 0 ? (
          <Box
            component="ul"
            aria-labelledby={titleId}
            sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }}
          >
            {children}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {empty}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** One entry of a section: what it is, with Edit and Delete; more (subjects) below. */
export function SectionEntry({
  id,
  title,
  details,
  badge,
  onEdit,
  onDelete,
  children,
}: {
  id?: string;
  title: string;
  details?: ReactNode;
  badge?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <Box
      component="li"
      id={id}
      tabIndex={id ? -1 : undefined}
      sx={{
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        scrollMarginTop: 80,
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {title} {badge}
          </Typography>
          {details && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {details}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexShrink: 0 }}>
          <Tooltip title="Edit">
            <IconButton aria-label={`Edit ${title}`} onClick={onEdit}>
              <EditOutlined />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton aria-label={`Delete ${title}`} onClick={onDelete}>
              <DeleteOutlined />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      {children}
    </Box>
  );
}

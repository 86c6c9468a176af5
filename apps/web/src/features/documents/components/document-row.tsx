import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';

import type { DocumentItem } from '@pathways/shared/documents/documents.schemas';

import { formatBytes, formatDay } from '../utils/format';

const typeNames: Record<DocumentItem['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** One uploaded file: its name, type, size and date, with Download and Delete. */
export function DocumentRow({
  document,
  downloading,
  onDownload,
  onDelete,
}: {
  document: DocumentItem;
  downloading: boolean;
  onDownload: () => void;
  onDelete: () => void;
}) {
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <>
          <Tooltip title="Download">
            <IconButton
              aria-label={`Download ${document.originalName}`}
              onClick={onDownload}
              loading={downloading}
            >
              <Download />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              edge="end"
              aria-label={`Delete ${document.originalName}`}
              onClick={onDelete}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </>
      }
      sx={{ pr: 12 }}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        {document.contentType === 'application/pdf' ? (
          <PictureAsPdfOutlined color="action" />
        ) : (
          <InsertDriveFileOutlined color="action" />
        )}
      </ListItemIcon>
      <ListItemText
        primary={document.originalName}
        secondary={`${typeNames[document.contentType]} · ${formatBytes(document.byteSize)} · uploaded ${formatDay(document.createdAt)}`}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
    </ListItem>
  );
}

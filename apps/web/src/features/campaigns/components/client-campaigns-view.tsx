import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import HideImageOutlined from '@mui/icons-material/HideImageOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import QrCode2 from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useId, useRef, useState } from 'react';

import type { ClientCampaign } from '@pathways/shared/campaigns/campaigns.schemas';
import { avatarAccept } from '@pathways/shared/documents/documents.schemas';

import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import {
  useClientCampaigns,
  useDeleteCampaign,
  useRemoveCampaignImage,
  useUploadCampaignImage,
} from '../api/client-campaigns';
import { CampaignFormDialog } from './campaign-form-dialog';
import { CampaignQrDialog } from './campaign-qr-dialog';
import { campaignRunText } from '../utils/campaign-dates';

const publicUrlOf = (campaign: ClientCampaign) => `${window.location.origin}${campaign.path}`;

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) ? (Object.values(error.fieldErrors)[0]?.[0] ?? error.message) : fallback;

/** The header image: choose a file (JPEG, PNG or WebP) or remove the one there is. */
function ImageButtons({ campaign }: { campaign: ClientCampaign }) {
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadCampaignImage();
  const remove = useRemoveCampaignImage();
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={avatarAccept}
        hidden
        aria-label={`Header image of ${campaign.name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          upload.mutate(
            { campaign, file },
            {
              onSuccess: () => enqueueSnackbar('The image was saved', { variant: 'success' }),
              onError: (error) =>
                enqueueSnackbar(
                  `The image was not saved: ${messageOf(error, 'please try again')}`,
                  { variant: 'error' },
                ),
            },
          );
        }}
      />
      <Button
        size="small"
        startIcon={<ImageOutlined />}
        loading={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {campaign.image ? 'Change image' : 'Add image'}
      </Button>
      {campaign.image ? (
        <Button
          size="small"
          startIcon={<HideImageOutlined />}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(campaign.id, {
              onSuccess: () => enqueueSnackbar('The image was removed', { variant: 'success' }),
              onError: () => enqueueSnackbar('The image was not removed', { variant: 'error' }),
            })
          }
        >
          Remove image
        </Button>
      ) : null}
    </>
  );
}

function CampaignCard({
  campaign,
  onEdit,
  onDelete,
  onQr,
}: {
  campaign: ClientCampaign;
  onEdit: () => void;
  onDelete: () => void;
  onQr: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const headingId = useId();
  const url = publicUrlOf(campaign);
  const runs = campaignRunText(campaign);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      enqueueSnackbar('The link was copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('The link could not be copied: select it and copy it', { variant: 'error' });
    }
  }

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px minmax(0, 1fr)' } }}
    >
      <Box
        sx={{
          // On a phone the placeholder would only push the link down: shown for an image only.
          display: { xs: campaign.image ? 'block' : 'none', sm: 'block' },
          minHeight: { xs: 120, sm: '100%' },
          bgcolor: 'action.hover',
          backgroundImage: campaign.image
            ? `url(${campaign.image})`
            : 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #dbeafe 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
          borderTopLeftRadius: 'inherit',
          borderTopRightRadius: { xs: 'inherit', sm: 0 },
          borderBottomLeftRadius: { xs: 0, sm: 'inherit' },
        }}
      />
      <Box sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
          <Typography
            id={headingId}
            component="h2"
            variant="h6"
            sx={{ overflowWrap: 'anywhere', mr: 'auto' }}
          >
            {campaign.name}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={campaign.opportunity ? 'Opportunity' : 'Organization'}
          />
        </Box>
        {campaign.opportunity ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            For {campaign.opportunity.name}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            For the whole organization
          </Typography>
        )}
        {runs ? (
          <Typography variant="body2" color="text.secondary">
            {runs}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <Link
            href={campaign.path}
            target="_blank"
            rel="noopener"
            sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}
            data-testid="campaign-link"
          >
            {url}
          </Link>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ContentCopy />}
            onClick={copyLink}
            aria-label={`Copy the link of ${campaign.name}`}
          >
            Copy
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<QrCode2 />}
            onClick={onQr}
            aria-label={`QR code of ${campaign.name}`}
          >
            QR code
          </Button>
        </Box>
        {campaign.aliases.length > 0 ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1, overflowWrap: 'anywhere' }}
          >
            Short paths: {campaign.aliases.map((alias) => `/${alias}`).join(', ')}
          </Typography>
        ) : null}
        {campaign.editable ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            <Button
              size="small"
              startIcon={<Edit />}
              onClick={onEdit}
              aria-label={`Edit ${campaign.name}`}
            >
              Edit
            </Button>
            <ImageButtons campaign={campaign} />
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={onDelete}
              aria-label={`Delete ${campaign.name}`}
            >
              Delete
            </Button>
          </Box>
        ) : null}
      </Box>
    </Paper>
  );
}

type Open =
  | { dialog: 'form'; campaign: ClientCampaign | null }
  | { dialog: 'delete'; campaign: ClientCampaign }
  | { dialog: 'qr'; campaign: ClientCampaign }
  | null;

/**
 * The organization's campaigns: each one's public link to copy or print as a QR code, and for
 * primary users, creating, editing and deleting them.
 */
export function ClientCampaignsView() {
  const { enqueueSnackbar } = useSnackbar();
  const query = useClientCampaigns();
  const remove = useDeleteCampaign();
  const [open, setOpen] = useState<Open>(null);
  const { viewer } = useSession();
  // Only primary users manage campaigns; the server refuses anyone else in any case.
  const canCreate = viewer?.primary === true;

  if (query.isPending) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Loading the campaigns">
        <Skeleton variant="rounded" height={150} />
        <Skeleton variant="rounded" height={150} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        The campaigns could not be loaded.
      </RetryAlert>
    );
  }

  const { items, opportunities } = query.data;
  return (
    <>
      {canCreate ? (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setOpen({ dialog: 'form', campaign: null })}
          sx={{ mb: 3 }}
        >
          New campaign
        </Button>
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          Only a primary user of your organization can create or change campaigns.
        </Alert>
      )}
      {items.length === 0 ? (
        <Typography color="text.secondary">
          No campaigns yet. A campaign is a branded sign-up page for your organization or one of its
          opportunities, with a link and a QR code to share.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {items.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              campaign={campaign}
              onEdit={() => setOpen({ dialog: 'form', campaign })}
              onDelete={() => setOpen({ dialog: 'delete', campaign })}
              onQr={() => setOpen({ dialog: 'qr', campaign })}
            />
          ))}
        </Box>
      )}

      {open?.dialog === 'form' ? (
        <CampaignFormDialog
          campaign={open.campaign}
          opportunities={opportunities}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open?.dialog === 'qr' ? (
        <CampaignQrDialog
          name={open.campaign.name}
          slug={open.campaign.slug}
          url={publicUrlOf(open.campaign)}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={open?.dialog === 'delete'}
        title={open?.dialog === 'delete' ? `Delete ${open.campaign.name}?` : ''}
        text="Its page and short paths stop working at once. Sign-ups that came through it stay."
        pending={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => {
          if (open?.dialog !== 'delete') return;
          remove.mutate(open.campaign.id, {
            onSuccess: () => {
              enqueueSnackbar('The campaign was deleted', { variant: 'success' });
              setOpen(null);
            },
            onError: () => enqueueSnackbar('The campaign was not deleted', { variant: 'error' }),
          });
        }}
      />
    </>
  );
}

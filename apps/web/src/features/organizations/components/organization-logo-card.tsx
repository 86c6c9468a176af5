import Box from '@mui/material/Box';

import type { ClientOrganization } from '@pathways/shared/organizations/organizations.schemas';

import { PictureCard } from '../../documents';
import { useDeleteLogo, useUploadLogo } from '../api/client-organization';
import { OrganizationLogo } from './organization-logo';

/** The logo as candidates see it; primary users upload (JPEG, PNG or WebP) or remove it. */
export function OrganizationLogoCard({ organization }: { organization: ClientOrganization }) {
  const upload = useUploadLogo();
  const remove = useDeleteLogo();
  return (
    <PictureCard
      titleId="organization-logo-title"
      title="Logo"
      picture={
        <Box role="img" aria-label={organization.logo ? 'The current logo' : 'No logo yet'}>
          <OrganizationLogo name={organization.name} logo={organization.logo} size={88} />
        </Box>
      }
      hasPicture={Boolean(organization.logo)}
      canEdit={organization.canEdit}
      picker={{ id: 'organization-logo', inputName: 'logo', inputLabel: 'Logo file' }}
      words={{
        upload: 'Upload a logo',
        change: 'Change logo',
        remove: 'Remove logo',
        hint: 'JPEG, PNG or WebP, up to 10 MB. It is shown at most 400 pixels wide.',
        uploading: 'Uploading the logo',
        updated: 'The logo was updated',
        removed: 'The logo was removed',
        notRemoved: 'The logo could not be removed. Please try again.',
      }}
      upload={upload}
      remove={remove}
    />
  );
}

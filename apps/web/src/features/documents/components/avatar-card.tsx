import Avatar from '@mui/material/Avatar';

import { AVATAR_ANCHOR } from '@pathways/shared/navigation/profile-links';

import { useUser } from '../../../lib/session/current-user';
import { useDeleteAvatar } from '../api/delete-avatar';
import { useUploadAvatar } from '../api/upload-avatar';
import { PictureCard } from './picture-card';

function initials(first: string | null | undefined, last: string | null | undefined) {
  return (
    [first, last]
      .map((name) => name?.trim()[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/** The profile picture: shown, uploaded (JPEG, PNG or WebP) or removed. */
export function AvatarCard() {
  const { data: user } = useUser();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  return (
    <PictureCard
      titleId="avatar-title"
      title="Profile picture"
      picture={
        <Avatar
          src={user?.avatar ?? undefined}
          alt={user?.avatar ? 'Your profile picture' : ''}
          sx={{ width: 72, height: 72, bgcolor: 'secondary.main', fontSize: '1.5rem' }}
        >
          {initials(user?.firstName, user?.lastName)}
        </Avatar>
      }
      hasPicture={Boolean(user?.avatar)}
      picker={{ id: AVATAR_ANCHOR, inputName: 'avatar', inputLabel: 'Profile picture file' }}
      words={{
        upload: 'Upload a picture',
        change: 'Change picture',
        remove: 'Remove',
        hint: 'A clear photo of your face. JPEG, PNG or WebP, up to 10 MB.',
        uploading: 'Uploading your picture',
        updated: 'Your profile picture was updated',
        removed: 'Your profile picture was removed',
        notRemoved: 'Your profile picture could not be removed. Please try again.',
      }}
      upload={upload}
      remove={remove}
    />
  );
}

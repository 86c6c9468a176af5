import { Page } from '../../components/layouts/page';
import { ProfileCompletion } from '../../features/action-items/components/profile-completion';
import { AvatarCard } from '../../features/documents/components/avatar-card';
import { ProfileView } from '../../features/profile/components/profile-view';

/** /candidate/profile: the profile, with its completion and the picture beside it. */
export default function ProfilePage() {
  return (
    <Page
      title="My profile"
      subtitle="Organizations see this when you apply. Complete it to qualify for more."
    >
      <ProfileView
        aside={
          <>
            <ProfileCompletion />
            <AvatarCard />
          </>
        }
      />
    </Page>
  );
}

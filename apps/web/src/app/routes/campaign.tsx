import { useParams } from 'react-router';

import { CampaignView, useCampaign } from '../../features/campaigns';
import { RemotePage } from '../remote-page';

/** Campaign slugs, ids and codes: letters, digits, `-` and `_` (the shared campaignKey). */
const parseSlug = (value: string | undefined) =>
  value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;

/** /campaign/{slug}: a campaign page branded for its organization or opportunity. */
export default function CampaignPage() {
  const slug = parseSlug(useParams().slug);
  return (
    <RemotePage
      query={useCampaign(slug)}
      invalid={slug === null}
      what="campaign"
      title={(campaign) => campaign.name}
    >
      {(campaign) => <CampaignView campaign={campaign} />}
    </RemotePage>
  );
}

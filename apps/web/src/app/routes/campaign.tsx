import { useParams } from 'react-router';

import { useCampaignVisit } from '../../features/campaign-analytics';
import { CampaignView, useCampaign } from '../../features/campaigns';
import { RemotePage } from '../remote-page';

/** Campaign slugs, ids and codes: letters, digits, `-` and `_` (the shared campaignKey). */
const parseSlug = (value: string | undefined) =>
  value && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;

/** /campaign/{slug}: a campaign page branded for its organization or opportunity. */
export default function CampaignPage() {
  const slug = parseSlug(useParams().slug);
  const query = useCampaign(slug);
  // One visit each time the page is shown, counted by the server without cookies.
  useCampaignVisit(query.data?.id);
  return (
    <RemotePage
      query={query}
      invalid={slug === null}
      what="campaign"
      title={(campaign) => campaign.name}
    >
      {(campaign) => <CampaignView campaign={campaign} />}
    </RemotePage>
  );
}

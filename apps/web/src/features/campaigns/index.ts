// The campaigns feature's public API: the branded campaign page and the legacy short paths
// (`/{code}`) that lead to it.
export { useCampaign, campaignQueryKey } from './api/get-campaign';
export {
  legacyAliasSegment,
  useCampaignAlias,
  campaignAliasQueryKey,
} from './api/get-campaign-alias';
export { CampaignView } from './components/campaign-view';
export { campaignCopy, campaignCopyKeys, campaignDatesLine } from './utils/campaign-copy';

// The campaign-analytics feature's public API. The public campaign page only counts its visit
// here; the analytics page itself is imported by its route, so its charts load with it alone.
export { useCampaignVisit } from './api/count-visit';

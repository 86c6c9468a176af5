// The eligibility feature's messages, apart from its schemas: a page that only shows a message
// (the opportunity page's requirements) does not build every eligibility schema as it starts.
export const eligibilityMessages = {
  opportunityNotFound: 'Opportunity not found',
  campaignNotFound: 'Campaign not found',
  requirementNotFound: 'Requirement not found',
  nothingToChange: 'must change the criterion or the position',
  unreadable: 'This requirement is being reviewed; check again later.',
} as const;

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import {
  recommendationLabels,
  type Criterion,
  type Scorecard,
} from '@pathways/shared/interviews/interviews.schemas';

/** Scorecards as read by an interviewer: each criterion's score, the recommendation, notes. */
export function ScorecardsList({
  scorecards,
  criteria,
  headingLevel = 'h3',
}: {
  scorecards: Scorecard[];
  criteria: Criterion[];
  headingLevel?: 'h3' | 'h4';
}) {
  const label = (key: string) => criteria.find((c) => c.key === key)?.label ?? key;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {scorecards.map((card) => (
        <Box
          component="li"
          key={card.interviewerId}
          sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600 }}>
            {card.interviewer}: {recommendationLabels[card.recommendation]}
          </Typography>
          {Object.keys(card.scores).length > 0 && (
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto' }}>
              {Object.entries(card.scores).map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label(key)}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                    {value} of 5
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
          {card.notes && (
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {card.notes}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';

import { shownRating } from '@pathways/shared/feedback/feedback.rules';
import type { ApplicationFeedback } from '@pathways/shared/feedback/feedback.schemas';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Colleagues' answers on one application. Their average stands in for the rating while no
 * manager has rated the application; a manager's own rating is never replaced.
 */
export function ColleagueFeedback({
  feedback,
  ownRating,
}: {
  feedback: ApplicationFeedback;
  ownRating: number | null;
}) {
  const shown = shownRating(ownRating, feedback.averageRating);
  return (
    <Card variant="outlined" component="section" aria-labelledby="colleague-feedback-title">
      <CardContent>
        <Typography id="colleague-feedback-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          Colleagues&apos; feedback
        </Typography>
        {feedback.items.length === 0 ? (
          <Typography variant="body2">
            No colleague has answered yet. Choose the applicant in the list and use “Ask colleagues”
            to share them, with colleagues or people outside by e-mail.
          </Typography>
        ) : (
          <>
            {feedback.averageRating !== null && (
              <Typography variant="body2" sx={{ mb: 1 }}>
                Colleagues&apos; average: {feedback.averageRating} of 5 stars
                {shown.source === 'colleagues'
                  ? '. No manager has rated the applicant yet, so this is their rating for now.'
                  : ''}
              </Typography>
            )}
            <List disablePadding>
              {feedback.items.map((item, i) => (
                <ListItem key={i} disableGutters>
                  <ListItemText
                    primary={
                      <Box
                        component="span"
                        sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                      >
                        <span>{item.responder.name}</span>
                        {item.rating !== null ? (
                          <Rating
                            value={item.rating}
                            readOnly
                            size="small"
                            aria-label={`${item.rating} of 5 stars`}
                          />
                        ) : (
                          <Typography component="span" variant="body2" color="text.secondary">
                            No rating
                          </Typography>
                        )}
                      </Box>
                    }
                    secondary={`${item.comment ?? 'No comment'} · ${day(item.answeredAt)}`}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </CardContent>
    </Card>
  );
}

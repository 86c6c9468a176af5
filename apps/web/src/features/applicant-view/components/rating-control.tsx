import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Tooltip from '@mui/material/Tooltip';

import { useSnackbar } from '../../../components/ui/snackbar';
import { isAbortError } from '../../../lib/api-client';

/** "1 star", "4 stars". */
export const starsLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`;

/** What the manager is told once the server has kept a rating, or cleared it. */
export const ratingSavedMessage = (stars: number) => `Rating saved: ${starsLabel(stars)}`;
export const RATING_CLEARED = 'Rating cleared';

/**
 * A manager's 1 to 5 stars for an application, the same on the tracker and the application's
 * page. A star chosen is saved and confirmed; choosing the same star again keeps it (it never
 * clears by accident). Clearing is its own control, confirmed, with Undo.
 */
export function RatingControl({
  value,
  who,
  onRate,
  onError,
}: {
  value: number | null;
  /** Whose rating, for the clear control's label ("Clear the rating of Thandi Nkosi"). */
  who: string;
  /** Saves the rating (null clears it); resolves once the server has kept it. */
  onRate: (rating: number | null, previous: number | null) => Promise<unknown>;
  /** Shows a refusal (the control has put nothing back: the caller's cache does). */
  onError: (error: unknown) => void;
}) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();

  const save = (rating: number | null, previous: number | null, then: () => void) =>
    onRate(rating, previous).then(then, (error: unknown) => {
      if (!isAbortError(error)) onError(error);
    });

  const clear = () => {
    const previous = value;
    if (previous === null) return;
    void save(null, previous, () =>
      enqueueSnackbar(RATING_CLEARED, {
        variant: 'info',
        action: (key) => (
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              closeSnackbar(key);
              void save(previous, null, () =>
                enqueueSnackbar(ratingSavedMessage(previous), { variant: 'success' }),
              );
            }}
          >
            Undo
          </Button>
        ),
      }),
    );
  };

  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Rating
        size="small"
        value={value}
        getLabelText={starsLabel}
        emptyLabelText="Not rated"
        onChange={(_event, rating) => {
          // The same star chosen again answers null: the rating stays as it is.
          if (rating === null || rating === value) return;
          void save(rating, value, () =>
            enqueueSnackbar(ratingSavedMessage(rating), { variant: 'success' }),
          );
        }}
      />
      {/* Its place is kept while there is nothing to clear, so a rating never widens the
          column it is in. */}
      {value === null ? (
        <Box aria-hidden sx={{ width: 26, flexShrink: 0 }} />
      ) : (
        <Tooltip title="Clear rating">
          <IconButton
            size="small"
            aria-label={`Clear the rating of ${who}`}
            onClick={clear}
            sx={{ width: 26, height: 26 }}
          >
            <Close fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

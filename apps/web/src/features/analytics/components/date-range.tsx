import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

// A date input's own width (the browser's, often over 300 px) would put the two fields one above
// the other on a wide screen; a fixed width fits the date and its picker button, so the two sit
// side by side, and wrap only where the line is narrower than both.
const dateField = { width: 180 } as const;

/** From and to dates (whole weeks are counted: the week of each date is included). */
export function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        label="From"
        type="date"
        size="small"
        value={from}
        onChange={(e) => onChange({ from: e.target.value, to })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={dateField}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={to}
        onChange={(e) => onChange({ from, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={dateField}
        error={Boolean(from && to && to < from)}
        helperText={from && to && to < from ? 'must not be before the start date' : undefined}
      />
    </Box>
  );
}

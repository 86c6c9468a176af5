import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';

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
      />
      <TextField
        label="To"
        type="date"
        size="small"
        value={to}
        onChange={(e) => onChange({ from, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(from && to && to < from)}
        helperText={from && to && to < from ? 'must not be before the start date' : undefined}
      />
    </Box>
  );
}

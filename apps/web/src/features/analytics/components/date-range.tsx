import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { format, isValid } from 'date-fns';
import { lazy, Suspense, useState } from 'react';

import { parseIsoDate } from '../../../lib/dates';

const DatePickerInput = lazy(() => import('../../../components/ui/date-picker-input'));

// Wide enough for a date typed day first and the picker's buttons; the two fields sit side by
// side on a wide screen and wrap only where the line is narrower than both.
const dateField = { width: 200 } as const;

const toDate = (iso: string): Date | null => (iso ? parseIsoDate(iso) : null);

/**
 * One end of the range: the app's date picker (typed day first, DD/MM/YYYY, whatever the
 * browser's own date format), answering an ISO day or '' once the date is whole or cleared.
 */
function DateInput({
  id,
  label,
  value,
  onChange,
  error,
  helperText,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (iso: string) => void;
  error?: boolean;
  helperText?: string | undefined;
}) {
  // While a date is typed in part the picker keeps its own (invalid) date; the range changes
  // only once the date is whole.
  const [shown, setShown] = useState<{ iso: string; date: Date | null }>({
    iso: value,
    date: toDate(value),
  });
  const date = shown.iso === value ? shown.date : toDate(value);
  return (
    <Box sx={dateField}>
      <Suspense
        fallback={
          // The same field, shown while the picker's script arrives.
          <TextField
            id={id}
            label={label}
            size="small"
            value={date && isValid(date) ? format(date, 'dd/MM/yyyy') : ''}
            disabled
            slotProps={{ inputLabel: { shrink: Boolean(date) } }}
          />
        }
      >
        <DatePickerInput
          id={id}
          name={id}
          label={label}
          value={date}
          size="small"
          onChange={(next) => {
            // A year is typed a digit at a time ("2", "20", "202"): a date counts once its
            // year has four digits.
            const whole = next !== null && isValid(next) && next.getFullYear() >= 1000;
            const iso = whole ? format(next, 'yyyy-MM-dd') : next ? null : '';
            setShown({ iso: iso ?? value, date: next });
            if (iso !== null) onChange(iso);
          }}
          disabled={false}
          required={false}
          error={error ?? false}
          helperText={helperText}
        />
      </Suspense>
    </Box>
  );
}

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
  const backwards = Boolean(from && to && to < from);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <DateInput
        id="range-from"
        label="From"
        value={from}
        onChange={(next) => onChange({ from: next, to })}
      />
      <DateInput
        id="range-to"
        label="To"
        value={to}
        onChange={(next) => onChange({ from, to: next })}
        error={backwards}
        helperText={backwards ? 'must not be before the start date' : undefined}
      />
    </Box>
  );
}

import TextField from '@mui/material/TextField';
import { format, isValid, parseISO } from 'date-fns';
import { lazy, Suspense, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

import { dateMessages } from '@pathways/shared/profile/dates';

const DatePickerInput = lazy(() => import('../../../../components/ui/date-picker-input'));

/** A date typed only in part: the form holds this until it is a whole date. */
export const PARTIAL_DATE = 'partial';

const toDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

/**
 * A date picker bound to a form field holding an ISO day ('2005-03-14') or null. Its id is the
 * field's name, so `#bornAt` finds it.
 */
export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  minDate,
  maxDate,
  disabled,
  helperText,
  required,
  openToYear,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  minDate?: string | null | undefined;
  maxDate?: string | null | undefined;
  disabled?: boolean;
  helperText?: string | undefined;
  required?: boolean;
  /** Open the picker on the years (birth dates). */
  openToYear?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  // While a date is typed in part the picker keeps its own (invalid) date.
  const [draft, setDraft] = useState<Date | null>(null);
  const value = field.value === PARTIAL_DATE ? draft : toDate(field.value);
  const message =
    fieldState.error?.message === dateMessages.invalid
      ? 'must be a whole date (day, month and year)'
      : fieldState.error?.message;

  return (
    <Suspense
      fallback={
        // The same field, shown while the picker's script arrives. Built on every render, so a
        // date typed in part (an invalid date) shows as empty rather than failing to format.
        <TextField
          id={name}
          label={label}
          value={value && isValid(value) ? format(value, 'dd/MM/yyyy') : ''}
          disabled
          required={required ?? false}
          helperText={message ?? helperText}
          slotProps={{ inputLabel: { shrink: Boolean(value) } }}
        />
      }
    >
      <DatePickerInput
        id={name}
        name={name}
        label={label}
        value={value}
        onChange={(next) => {
          if (next === null) field.onChange(null);
          else if (isValid(next)) field.onChange(format(next, 'yyyy-MM-dd'));
          else {
            setDraft(next);
            field.onChange(PARTIAL_DATE);
          }
        }}
        onBlur={field.onBlur}
        inputRef={field.ref}
        minDate={toDate(minDate) ?? undefined}
        maxDate={toDate(maxDate) ?? undefined}
        disabled={disabled ?? false}
        required={required ?? false}
        error={Boolean(message)}
        helperText={message ?? helperText}
        openToYear={openToYear ?? false}
      />
    </Suspense>
  );
}

import type { Ref } from 'react';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enGB } from 'date-fns/locale/en-GB';

export interface DatePickerInputProps {
  id: string;
  name: string;
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  minDate?: Date | undefined;
  maxDate?: Date | undefined;
  disabled: boolean;
  required: boolean;
  error: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  helperText?: string | undefined;
  /** Open on the years (a birth date is decades back). */
  openToYear?: boolean;
}

/**
 * The MUI date picker with date-fns, typed day first (DD/MM/YYYY) as South Africans write
 * dates, whatever the browser's own date format. Its own chunk: a page shows without waiting
 * for it.
 */
export default function DatePickerInput({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  minDate,
  maxDate,
  disabled,
  required,
  error,
  helperText,
  openToYear,
  size = 'medium',
  fullWidth = true,
}: DatePickerInputProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <DatePicker
        label={label}
        value={value}
        onChange={(next) => onChange(next)}
        {...(onBlur ? { onClose: onBlur } : {})}
        {...(minDate ? { minDate } : {})}
        {...(maxDate ? { maxDate } : {})}
        disabled={disabled}
        {...(openToYear
          ? { openTo: 'year' as const, views: ['year', 'month', 'day'] as const }
          : {})}
        {...(inputRef ? { inputRef } : {})}
        slotProps={{
          textField: { id, name, required, fullWidth, size, onBlur, error, helperText },
          field: { clearable: true },
        }}
      />
    </LocalizationProvider>
  );
}

import type { TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

import { FormTextField } from '../../../../components/ui/form-fields';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select: on phones it opens the system's own picker, and it costs no script. Its id
 * is the field's name, so a to-do link (`#gender`) lands on it.
 */
export function SelectField({
  registration,
  fieldError,
  label,
  options,
  emptyLabel,
  helperText,
  ...props
}: {
  registration: UseFormRegisterReturn;
  fieldError?: FieldError | undefined;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose…"); leave out to make a choice compulsory. */
  emptyLabel?: string;
  helperText?: string | undefined;
} & Pick<TextFieldProps, 'disabled' | 'required' | 'sx' | 'id'>) {
  return (
    <FormTextField
      {...props}
      id={props.id ?? registration.name}
      select
      label={label}
      registration={registration}
      fieldError={fieldError}
      helperText={helperText}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormTextField>
  );
}

/** Options from a value-to-label record, in the record's order. */
export const optionsOf = <K extends string>(labels: Record<K, string>): SelectOption[] =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

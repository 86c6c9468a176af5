import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

// Apart from form-fields.tsx, so the forms that only take typed text do not load the menu.

/** A choice of a select field: the value stored and the words shown. */
export interface FormSelectOption {
  value: string;
  label: string;
}

/**
 * A MUI select (a menu, not the native picker) wired to react-hook-form through a Controller:
 * the label, the options, and the field's error message in place of its helper text.
 * `emptyLabel` adds a first choice with the empty value, shown as itself rather than as an empty
 * box.
 */
export function FormSelectField<V extends FieldValues, N extends FieldPath<V>>({
  control,
  name,
  options,
  emptyLabel,
  helperText,
  ...props
}: Omit<
  TextFieldProps,
  | 'name'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'inputRef'
  | 'error'
  | 'select'
  | 'children'
  | 'slotProps'
> & {
  control: Control<V>;
  name: N;
  options: readonly FormSelectOption[];
  emptyLabel?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          slotProps={
            emptyLabel === undefined
              ? undefined
              : { select: { displayEmpty: true }, inputLabel: { shrink: true } }
          }
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        >
          {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

type FormTextFieldProps = Omit<TextFieldProps, 'error' | 'name' | 'onChange' | 'onBlur'> & {
  registration: UseFormRegisterReturn;
  fieldError?: FieldError | undefined;
};

/** A MUI text field wired to react-hook-form, its error message shown beside it. */
export function FormTextField({
  registration,
  fieldError,
  helperText,
  ...props
}: FormTextFieldProps) {
  const { ref, ...field } = registration;
  return (
    <TextField
      {...props}
      {...field}
      inputRef={ref}
      error={Boolean(fieldError)}
      helperText={fieldError?.message ?? helperText}
    />
  );
}

/** A password field with a labelled show/hide button. */
export function PasswordField(props: FormTextFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
                onClick={() => setVisible((shown) => !shown)}
                edge="end"
                size="small"
              >
                {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

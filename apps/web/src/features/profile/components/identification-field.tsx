import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { useController, type Control } from 'react-hook-form';

import {
  identificationLabel,
  identificationMask,
  IDENTIFICATION_MAX_LENGTH,
} from '@pathways/shared/profile/identification';

import {
  applyIdentificationMask,
  caretAfter,
  maskPlaceholder,
  significantLength,
} from '../utils/identification-input';
import type { PersonalValues } from '../utils/personal-details';

const hints: Record<string, string> = {
  ZA: 'The 13 digits of your South African ID',
  NG: 'Your 11-digit NIN, or your passport number',
  ZW: 'As on your national ID, for example 63 123456 F42',
  US: 'Your Social Security number',
};

/** What the identification input shows for a country: its mask applied to the value. */
export function maskedIdentification(country: string | null | undefined, value: string): string {
  const mask = identificationMask(country);
  return mask ? applyIdentificationMask(mask, value) : value;
}

/**
 * The identification number: labelled for the country of birth, typed
 * through that country's mask, checked by the shared rule through the form's resolver. Server
 * or stored problems show beside it like any other message.
 */
export function IdentificationField({
  control,
  country,
  otherError,
}: {
  control: Control<PersonalValues>;
  country: string;
  /** A stored problem (profile.errors.identification) when the form has none. */
  otherError?: string | undefined;
}) {
  const { field, fieldState } = useController({ control, name: 'identification' });
  const mask = identificationMask(country);
  const numeric = mask !== null && !mask.includes('A');

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const typed = input.value;
    if (!mask) {
      field.onChange(typed);
      return;
    }
    const caret = input.selectionStart ?? typed.length;
    const atEnd = caret >= typed.length;
    const next = applyIdentificationMask(mask, typed);
    field.onChange(next);
    // Keep the caret beside the character just typed when editing in the middle.
    if (!atEnd) {
      const position = caretAfter(next, significantLength(typed.slice(0, caret)));
      requestAnimationFrame(() => input.setSelectionRange(position, position));
    }
  };

  const message = fieldState.error?.message ?? otherError;
  return (
    <TextField
      id="identification"
      name={field.name}
      label={identificationLabel(country)}
      value={field.value}
      onChange={onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={
        message ??
        (country
          ? (hints[country] ?? 'As on your ID document or passport')
          : 'Choose your country of birth first')
      }
      placeholder={mask ? maskPlaceholder(mask) : undefined}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          inputMode: numeric ? 'numeric' : 'text',
          maxLength: mask ? mask.length : IDENTIFICATION_MAX_LENGTH + 10,
          spellCheck: false,
          autoCapitalize: 'characters',
        },
      }}
    />
  );
}

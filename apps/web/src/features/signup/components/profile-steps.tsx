import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';

import { titleCase } from '@pathways/shared/common/names';
import { isoDay } from '@pathways/shared/profile/dates';
import {
  IDENTIFICATION_MAX_LENGTH,
  identificationBirthDate,
  identificationLabel,
  identificationMask,
  identificationMessages,
  normalizeIdentification,
  validateIdentification,
} from '@pathways/shared/profile/identification';
import { profileMessages } from '@pathways/shared/profile/profile.schemas';
import { countryChoices, countryName } from '@pathways/shared/reference/countries';

import { FormTextField } from '../../../components/ui/form-fields';
import { isApiError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/dates';
import { IdentificationHelp } from '../../profile';
import { signupRequest } from '../api/signup-request';
import { maskIdentification } from '../utils/identification-mask';

const formSx = { display: 'flex', flexDirection: 'column', gap: 2 } as const;

const nameForm = z.object({
  firstNames: z.string().trim().min(1, { error: profileMessages.firstNamesRequired }).max(100),
  lastName: z.string().trim().min(1, { error: profileMessages.lastNameRequired }).max(100),
});
type NameFields = z.input<typeof nameForm>;

/** What the conversation reads back of the saved profile. */
const savedProfile = z.object({
  firstNames: z.string().nullable(),
  lastName: z.string().nullable(),
  bornAt: z.string().nullable(),
});

function patchProfile(token: string, profile: Record<string, string>) {
  return signupRequest('candidate/profile', {
    method: 'PATCH',
    token,
    body: { profile },
    schema: savedProfile,
  });
}

/** First name and surname; the server keeps them in title case. */
export function NameStep({
  token,
  onNamed,
}: {
  token: string;
  onNamed: (name: { firstName: string; lastName: string }) => void;
}) {
  const [failure, setFailure] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NameFields>({
    resolver: zodResolver(nameForm),
    defaultValues: { firstNames: '', lastName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(false);
    try {
      const { data } = await patchProfile(token, values);
      onNamed({
        firstName: data.firstNames ?? titleCase(values.firstNames),
        lastName: data.lastName ?? titleCase(values.lastName, 'surname'),
      });
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : {};
      let shown = false;
      for (const field of ['firstNames', 'lastName'] as const) {
        const message = fields[field]?.join(' ');
        if (message) {
          setError(field, { type: 'server', message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setFailure(true);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Your name" sx={formSx}>
      <FormTextField
        label="First name"
        autoComplete="given-name"
        registration={register('firstNames')}
        fieldError={errors.firstNames}
      />
      <FormTextField
        label="Surname"
        autoComplete="family-name"
        registration={register('lastName')}
        fieldError={errors.lastName}
      />
      {failure && <Alert severity="error">Your name could not be saved. Please try again.</Alert>}
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        Continue
      </Button>
    </Box>
  );
}

/** Country of birth required; the identification checked by the country's rule (shared). */
interface IdentityValues {
  countryOfBirth: string;
  identification: string;
}

const identityResolver: Resolver<IdentityValues> = (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.countryOfBirth)
    errors.countryOfBirth = { type: 'required', message: identificationMessages.required };
  const problem = validateIdentification(values.countryOfBirth, values.identification);
  if (problem) errors.identification = { type: 'validate', message: problem };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

const hints: Record<string, string> = {
  ZA: 'The 13 digits of your South African ID',
  NG: 'Your 11-digit NIN, or your passport number',
  ZW: 'As on your national ID, for example 63 123456 F42',
  US: 'Your Social Security number',
};

/** Country of birth and identification number, with the country's label and mask. */
export function IdentificationStep({
  token,
  onIdentified,
}: {
  token: string;
  /** `bornAt`: the date of birth the number states, which the profile now holds. */
  onIdentified: (summary: string, bornAt: string | null) => void;
}) {
  const [refused, setRefused] = useState(false);
  const [failure, setFailure] = useState(false);
  const countries = useMemo(
    () => countryChoices().map((c) => ({ value: c.code, label: c.name })),
    [],
  );
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    trigger,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<IdentityValues>({
    resolver: identityResolver,
    defaultValues: { countryOfBirth: '', identification: '' },
  });
  const country = useWatch({ control, name: 'countryOfBirth' });
  const identification = useWatch({ control, name: 'identification' });
  const mask = identificationMask(country);
  // A South African ID number states the date of birth: it is saved with the number.
  const stated = identificationBirthDate(
    { countryOfBirth: country, identification },
    isoDay(new Date()),
  );

  const onSubmit = handleSubmit(async (values) => {
    setRefused(false);
    setFailure(false);
    try {
      const { data } = await patchProfile(token, {
        countryOfBirth: values.countryOfBirth,
        identification: normalizeIdentification(values.identification),
      });
      const bornAt = identificationBirthDate(values, isoDay(new Date()));
      onIdentified(
        `${countryName(values.countryOfBirth) ?? values.countryOfBirth}, ${values.identification}`,
        bornAt !== null && data.bornAt === bornAt ? bornAt : null,
      );
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : {};
      if (fields.identification?.length) {
        // The number is wrong or already on the system.
        setError('identification', { type: 'server', message: fields.identification.join(' ') });
        setRefused(true);
      } else if (fields.countryOfBirth?.length) {
        setError('countryOfBirth', { type: 'server', message: fields.countryOfBirth.join(' ') });
      } else {
        setFailure(true);
      }
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Your identification"
      sx={formSx}
    >
      <FormTextField
        id="countryOfBirth"
        select
        label="Country of birth"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        registration={register('countryOfBirth', {
          onChange: (event: { target: { value: string } }) => {
            const typed = getValues('identification');
            if (typed) {
              const next = maskIdentification(event.target.value, normalizeIdentification(typed));
              setValue('identification', next, { shouldDirty: true });
            }
            if (touchedFields.identification) void trigger('identification');
          },
        })}
        fieldError={errors.countryOfBirth}
      >
        <option value="">Choose your country</option>
        {countries.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </FormTextField>
      <FormTextField
        id="identification"
        label={identificationLabel(country)}
        autoComplete="off"
        registration={register('identification', {
          onChange: (event: { target: { value: string } }) => {
            const masked = maskIdentification(getValues('countryOfBirth'), event.target.value);
            if (masked !== event.target.value) setValue('identification', masked);
          },
        })}
        fieldError={errors.identification}
        helperText={
          stated
            ? `Your date of birth from this number: ${formatDisplayDate(stated)}`
            : country
              ? (hints[country] ?? 'As on your ID document or passport')
              : 'Choose your country of birth first'
        }
        placeholder={mask ? mask.replace(/#/g, '0').replace(/A/g, 'X') : undefined}
        slotProps={{
          htmlInput: {
            inputMode: mask && !mask.includes('A') ? 'numeric' : 'text',
            maxLength: mask ? mask.length : IDENTIFICATION_MAX_LENGTH + 10,
            spellCheck: false,
            autoCapitalize: 'characters',
          },
        }}
      />
      {refused && <IdentificationHelp />}
      {failure && <Alert severity="error">{identificationMessages.saveFailed}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={isSubmitting}>
        Continue
      </Button>
    </Box>
  );
}

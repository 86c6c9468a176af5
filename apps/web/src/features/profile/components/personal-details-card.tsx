import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/snackbar';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';

import { titleCase } from '@pathways/shared/common/names';
import {
  identificationBirthDate,
  normalizeIdentification,
} from '@pathways/shared/profile/identification';
import {
  ethnicityLabels,
  genderLabels,
  type Profile,
} from '@pathways/shared/profile/profile.schemas';
import { countryChoices } from '@pathways/shared/reference/countries';

import { FormTextField } from '../../../components/ui/form-fields';
import { isAbortError, isApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { todayIso } from '../utils/format';
import {
  patchOf,
  personalFields,
  personalResolver,
  personalValuesOf,
  type PersonalValues,
} from '../utils/personal-details';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { DateField } from './form/date-field';
import { optionsOf, SelectField } from './form/select-field';
import { IdentificationField, maskedIdentification } from './identification-field';
import { IdentificationHelp } from './identification-help';

const yesNo = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Names, country of birth and identification, birth date, contact and equity questions. */
export function PersonalDetailsCard({ profile }: { profile: Profile }) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateProfile();
  const [identificationRefused, setIdentificationRefused] = useState(false);
  const countries = useMemo(
    () => countryChoices().map((c) => ({ value: c.code, label: c.name })),
    [],
  );
  const values = useMemo(() => personalValuesOf(profile), [profile]);
  const form = useForm<PersonalValues>({
    resolver: personalResolver(() => Boolean(profile.identification)),
    // A newer profile (another card saved) updates the fields not being edited.
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const {
    register,
    control,
    setValue,
    getValues,
    trigger,
    reset,
    setError,
    handleSubmit,
    formState: { errors, dirtyFields, touchedFields, isDirty, isSubmitting },
  } = form;
  const country = useWatch({ control, name: 'countryOfBirth' });
  const disability = useWatch({ control, name: 'disability' });
  const identification = useWatch({ control, name: 'identification' });
  const bornAt = useWatch({ control, name: 'bornAt' });

  // A South African ID number states the date of birth: a new one fills it in.
  const stated = identificationBirthDate({ countryOfBirth: country, identification }, todayIso());
  const lastStated = useRef(stated);
  useEffect(() => {
    if (stated === lastStated.current) return;
    lastStated.current = stated;
    if (stated && getValues('bornAt') !== stated) {
      setValue('bornAt', stated, { shouldDirty: true, shouldValidate: true });
    }
  }, [stated, getValues, setValue]);

  // Problems the platform found on stored fields, until the field is changed.
  const stored = (field: keyof PersonalValues) =>
    dirtyFields[field] ? undefined : profile.errors[field]?.join(' ');
  const errorOf = (field: keyof PersonalValues) =>
    errors[field] ?? (stored(field) ? { type: 'stored', message: stored(field) } : undefined);

  const onSubmit = handleSubmit(async (values) => {
    const changed = new Set(Object.keys(dirtyFields) as (keyof PersonalValues)[]);
    // The identification's rule depends on the country: the two always travel together.
    if (changed.has('countryOfBirth') || changed.has('identification')) {
      changed.add('countryOfBirth');
      changed.add('identification');
    }
    if (changed.has('disability')) changed.add('disabilityDescription');
    const patch = patchOf(values, changed);
    if (Object.keys(patch).length === 0) return;
    try {
      const saved = await update.mutateAsync(patch);
      reset(personalValuesOf(saved));
      setIdentificationRefused(false);
      enqueueSnackbar('Your personal details were saved', { variant: 'success' });
    } catch (error) {
      if (isAbortError(error)) return;
      const leftover = applyServerErrors(error, setError, personalFields);
      setIdentificationRefused(isApiError(error) && Boolean(error.fieldErrors.identification));
      enqueueSnackbar(leftover.join(' ') || 'Your personal details could not be saved', {
        variant: 'error',
      });
    }
  });

  const titleCaseOnBlur = (field: 'firstNames' | 'lastName') =>
    register(field, {
      onBlur: (event: { target: { value: string } }) => {
        const cased = titleCase(event.target.value, field === 'lastName' ? 'surname' : 'given');
        if (cased !== event.target.value) setValue(field, cased, { shouldDirty: true });
      },
    });

  return (
    <Card
      variant="outlined"
      component="section"
      id="personal"
      tabIndex={-1}
      aria-labelledby="personal-title"
    >
      <CardContent>
        <Typography id="personal-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          Personal details
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="personal-title"
          sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <FormTextField
            id="firstNames"
            label="First names"
            autoComplete="given-name"
            required
            registration={titleCaseOnBlur('firstNames')}
            fieldError={errorOf('firstNames')}
          />
          <FormTextField
            id="lastName"
            label="Last name"
            autoComplete="family-name"
            required
            registration={titleCaseOnBlur('lastName')}
            fieldError={errorOf('lastName')}
          />
          <SelectField
            label="Country of birth"
            registration={register('countryOfBirth', {
              onChange: (event: { target: { value: string } }) => {
                const typed = getValues('identification');
                if (typed) {
                  const next = maskedIdentification(
                    event.target.value,
                    normalizeIdentification(typed),
                  );
                  setValue('identification', next, { shouldDirty: true });
                }
                if (touchedFields.identification) void trigger('identification');
              },
            })}
            fieldError={errorOf('countryOfBirth')}
            emptyLabel="Choose your country"
            options={countries}
          />
          <IdentificationField
            control={control}
            country={country}
            otherError={stored('identification')}
          />
          {identificationRefused && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <IdentificationHelp />
            </Box>
          )}
          <DateField
            control={control}
            name="bornAt"
            label="Born on"
            openToYear
            minDate="1900-01-01"
            maxDate={todayIso()}
            helperText={
              stored('bornAt') ?? (stated && bornAt === stated ? 'From your ID number' : undefined)
            }
          />
          <FormTextField
            id="mobileNumber"
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            registration={register('mobileNumber')}
            fieldError={errorOf('mobileNumber')}
            helperText="For example 082 555 0142"
          />
          <SelectField
            label="Gender"
            registration={register('gender')}
            fieldError={errorOf('gender')}
            emptyLabel="Not given"
            options={optionsOf(genderLabels)}
          />
          <SelectField
            label="Ethnicity"
            registration={register('ethnicity')}
            fieldError={errorOf('ethnicity')}
            emptyLabel="Not given"
            options={optionsOf(ethnicityLabels)}
            helperText="Some programmes support employment equity"
          />
          <SelectField
            label="Do you have a disability?"
            registration={register('disability')}
            fieldError={errorOf('disability')}
            emptyLabel="Not given"
            options={yesNo}
          />
          <SelectField
            label="Driver's licence"
            registration={register('driversLicense')}
            fieldError={errorOf('driversLicense')}
            emptyLabel="Not given"
            options={yesNo}
          />
          {disability === 'yes' && (
            <FormTextField
              id="disabilityDescription"
              label="Tell us about it, so organizations can support you (optional)"
              multiline
              minRows={2}
              registration={register('disabilityDescription')}
              fieldError={errorOf('disabilityDescription')}
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
          <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
            {isDirty && (
              <Button
                onClick={() => {
                  reset();
                  setIdentificationRefused(false);
                }}
                disabled={isSubmitting}
              >
                Undo changes
              </Button>
            )}
            <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
              Save personal details
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';

import {
  criterion as criterionSchema,
  criterionKindLabels,
  type Criterion,
  criterionKinds,
  type CriterionKind,
} from '@pathways/shared/eligibility/criteria';
import type { ReferenceNames } from '@pathways/shared/eligibility/snapshot';
import { documentKindLabels, documentKinds } from '@pathways/shared/documents/documents.schemas';
import { experienceKindLabels, experienceKinds } from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import type { RequirementErrors } from '../utils/server-errors';
import {
  type CriterionValues,
  CountriesField,
  LanguagesFields,
  loadedReferenceNames,
  type Named,
  PermanentResidentsField,
  QualificationFields,
  SchoolSubjectsFields,
} from './criterion-fields';

type Values = CriterionValues;

/** An empty number field is no value; anything else is read as a number. */
const asNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

const defaults: Record<CriterionKind, Values> = {
  drivers_license: { kind: 'drivers_license' },
  minimum_grade: { kind: 'minimum_grade', minimum: 60 },
  age: { kind: 'age', minimum: 18 },
  distance: { kind: 'distance', maximumKm: 50 },
  experience: { kind: 'experience', minimumYears: 1 },
  documents: { kind: 'documents', kinds: ['identity_document'] },
  citizenship: { kind: 'citizenship', countries: ['ZA'] },
  work_rights: { kind: 'work_rights', countries: ['ZA'] },
  study_rights: { kind: 'study_rights', countries: ['ZA'] },
  languages: { kind: 'languages', languages: [{ language: 'English' }] },
  qualification: { kind: 'qualification', statuses: ['completed'] },
  school_subjects: {
    kind: 'school_subjects',
    subjects: [{ name: 'Mathematics', minimumMark: 50 }],
  },
};

/**
 * Adds or changes one criterion, with the fields of its kind. The shared criterion schema
 * checks it, so the form says the messages the API would.
 */
export function CriterionDialog({
  initial,
  initialInstitutions = [],
  serverErrors,
  onSave,
  onClose,
}: {
  initial: Criterion | null;
  /** The institutions `initial` lists, by name (they are searched, not loaded whole). */
  initialInstitutions?: readonly Named[];
  /** The server's messages about `initial` when the set was refused, by field path. */
  serverErrors?: RequirementErrors;
  /** The criterion, with the names of the reference items it was chosen among. */
  onSave: (criterion: Criterion, names: ReferenceNames) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const start = (initial as Values | null) ?? defaults.minimum_grade;
  const [kind, setKind] = useState<CriterionKind>(start.kind as CriterionKind);
  const [institutionNames, setInstitutionNames] = useState(
    () => new Map(initialInstitutions.map((i) => [i.id, i.name])),
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Values, unknown, Criterion>({
    resolver: zodResolver(criterionSchema) as never,
    defaultValues: start,
  });
  // The server's messages go beside the fields they name, as the schema's own would.
  const whole = serverErrors?.[''];
  useEffect(() => {
    for (const [path, messages] of Object.entries(serverErrors ?? {})) {
      if (path === '' || path === 'id') continue;
      setError(path, { type: 'server', message: messages.join(' ') });
    }
  }, [serverErrors, setError]);
  const errorOf = (name: string) => errors[name] as FieldError | undefined;
  const number = (name: string, label: string, helperText?: string) => (
    <FormTextField
      label={label}
      type="number"
      helperText={helperText}
      registration={register(name, { setValueAs: asNumber })}
      fieldError={errorOf(name)}
    />
  );

  const onSubmit = handleSubmit((value) => {
    onSave(value, { ...loadedReferenceNames(queryClient), institutions: institutionNames });
    onClose();
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>
          {initial ? 'Change the requirement' : 'Add a requirement'}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {whole && <Alert severity="error">{whole.join(' ')}</Alert>}
          <TextField
            select
            label="Kind of requirement"
            value={kind}
            disabled={initial !== null}
            onChange={(e) => {
              const next = e.target.value as CriterionKind;
              setKind(next);
              reset(defaults[next]);
            }}
          >
            {criterionKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {criterionKindLabels[k]}
              </MenuItem>
            ))}
          </TextField>
          {kind === 'minimum_grade' &&
            number(
              'minimum',
              'Minimum average mark (%)',
              'Of the highest qualification with marks',
            )}
          {kind === 'age' && (
            <>
              {number('minimum', 'Minimum age', 'Leave empty for no minimum')}
              {number('maximum', 'Maximum age', 'Leave empty for no maximum')}
            </>
          )}
          {kind === 'distance' &&
            number(
              'maximumKm',
              'Maximum distance (km)',
              'From the nearest location of the opportunity',
            )}
          {kind === 'experience' && (
            <>
              {number('minimumYears', 'Minimum years of experience')}
              <Controller
                control={control}
                name="experienceKind"
                render={({ field }) => (
                  <TextField
                    select
                    label="Kind of experience"
                    value={(field.value as string | undefined) ?? ''}
                    onChange={(e) =>
                      field.onChange(e.target.value === '' ? undefined : e.target.value)
                    }
                  >
                    <MenuItem value="">Work or volunteering</MenuItem>
                    {experienceKinds.map((k) => (
                      <MenuItem key={k} value={k}>
                        {experienceKindLabels[k]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </>
          )}
          {kind === 'citizenship' && (
            <>
              <CountriesField
                control={control}
                errors={errors}
                label="Citizenship of"
                helperText="A citizen of any one of these countries qualifies"
              />
              <PermanentResidentsField control={control} />
            </>
          )}
          {kind === 'work_rights' && (
            <CountriesField
              control={control}
              errors={errors}
              label="Right to work in"
              helperText="Citizens, permanent residents and permit holders of any one of these"
            />
          )}
          {kind === 'study_rights' && (
            <CountriesField
              control={control}
              errors={errors}
              label="Right to study in"
              helperText="Citizens, permanent residents and permit holders of any one of these"
            />
          )}
          {kind === 'languages' && (
            <LanguagesFields control={control} register={register} errors={errors} />
          )}
          {kind === 'qualification' && (
            <QualificationFields
              control={control}
              errors={errors}
              institutionNames={institutionNames}
              onInstitutionsPicked={(picked) =>
                setInstitutionNames(
                  (known) => new Map([...known, ...picked.map((i) => [i.id, i.name] as const)]),
                )
              }
            />
          )}
          {kind === 'school_subjects' && (
            <SchoolSubjectsFields
              control={control}
              register={register}
              setValue={setValue}
              errors={errors}
            />
          )}
          {kind === 'documents' && (
            <Controller
              control={control}
              name="kinds"
              render={({ field }) => (
                <TextField
                  select
                  label="Documents uploaded"
                  value={(field.value as string[] | undefined) ?? []}
                  onChange={(e) => field.onChange(e.target.value)}
                  error={Boolean(errorOf('kinds'))}
                  helperText={errorOf('kinds')?.message ?? 'Choose one or more'}
                  slotProps={{ select: { multiple: true } }}
                >
                  {documentKinds.map((k) => (
                    <MenuItem key={k} value={k}>
                      {documentKindLabels[k]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            {initial ? 'Change' : 'Add'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

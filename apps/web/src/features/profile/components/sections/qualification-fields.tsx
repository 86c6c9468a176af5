import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import type { profileQualificationInput } from '@pathways/shared/profile/sections.schemas';

import { useDebouncedValue } from '../../../places';
import { useDisciplines, useInstitutions } from '../../../reference';
import { useQualifications } from '../../api/get-qualifications';

export type QualificationValues = z.input<typeof profileQualificationInput>;
type Form = UseFormReturn<QualificationValues, unknown, z.output<typeof profileQualificationInput>>;

interface Named {
  id: number;
  name: string;
  detail?: string | null;
}

const SEARCH_DEBOUNCE_MS = 300;
const MAX_DISCIPLINES = 10;

/**
 * The institution: picked from the list as you type, or, when it is not listed, typed in full
 * (it is then kept as a name).
 */
export function InstitutionField({
  form,
  initial,
}: {
  form: Form;
  initial: Named | string | null;
}) {
  const [selected, setSelected] = useState<Named | string | null>(initial);
  const [input, setInput] = useState(typeof initial === 'string' ? initial : (initial?.name ?? ''));
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { data = [], isFetching } = useInstitutions(search);
  const options: Named[] = data.map((i) => ({ id: i.id, name: i.name, detail: i.city }));
  const { errors } = form.formState;
  const error = errors.institutionId?.message ?? errors.institutionName?.message;

  const setInstitution = (id: number | null, name: string | null) => {
    const validate = form.formState.isSubmitted;
    form.setValue('institutionId', id, { shouldDirty: true, shouldValidate: validate });
    form.setValue('institutionName', name, { shouldDirty: true, shouldValidate: validate });
  };

  return (
    <Autocomplete<Named, false, false, true>
      id="institution"
      freeSolo
      options={options}
      value={selected}
      inputValue={input}
      filterOptions={(x) => x}
      loading={isFetching}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id}
      onInputChange={(_event, value, reason) => {
        setInput(value);
        // Typing means a name of one's own until an institution is picked from the list.
        if (reason === 'input') setInstitution(null, value.trim() || null);
      }}
      onChange={(_event, value) => {
        setSelected(value);
        if (value === null) setInstitution(null, null);
        else if (typeof value === 'string') setInstitution(null, value.trim() || null);
        else setInstitution(value.id, null);
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.name}
          {option.detail ? `, ${option.detail}` : ''}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="University, college or school"
          required
          error={Boolean(error)}
          helperText={error ?? 'Start typing its name. Not listed? Type the full name.'}
          onBlur={() => void form.trigger(['institutionId'])}
        />
      )}
    />
  );
}

interface Programme {
  id: number;
  specialization: string;
  typeId: number;
  categoryId: number | null;
}

/** The programme ("BSc in Computer Science"), optional; picking one sets its type and category. */
export function ProgrammeField({ form, initial }: { form: Form; initial: Programme | null }) {
  const [selected, setSelected] = useState<Programme | null>(initial);
  const [input, setInput] = useState(initial?.specialization ?? '');
  const typeId = useWatch({ control: form.control, name: 'qualificationTypeId' }) ?? null;
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { data = [], isFetching } = useQualifications(
    selected && input === selected.specialization ? '' : search,
    typeId,
  );
  const options: Programme[] = data.map((q) => ({
    id: q.id,
    specialization: q.specialization,
    typeId: q.qualificationType.id,
    categoryId: q.qualificationCategory?.id ?? null,
  }));

  return (
    <Autocomplete<Programme, false, false, false>
      id="qualification"
      options={options}
      value={selected}
      inputValue={input}
      filterOptions={(x) => x}
      loading={isFetching}
      getOptionLabel={(option) => option.specialization}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="No programme found: leave this empty and choose the type above"
      onInputChange={(_event, value) => setInput(value)}
      onChange={(_event, value) => {
        setSelected(value);
        form.setValue('qualificationId', value?.id ?? null, { shouldDirty: true });
        if (value) {
          form.setValue('qualificationTypeId', value.typeId, { shouldDirty: true });
          if (value.categoryId !== null) {
            form.setValue('qualificationCategoryId', value.categoryId, { shouldDirty: true });
          }
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Programme (optional)"
          helperText="For example: Bachelor of Science in Computer Science"
        />
      )}
    />
  );
}

/** Up to 10 fields of study. */
export function DisciplinesField({ form }: { form: Form }) {
  const { data: disciplines = [] } = useDisciplines();
  const ids = useWatch({ control: form.control, name: 'disciplineIds' }) ?? [];
  const value = disciplines.filter((d) => ids.includes(d.id));
  const error = form.formState.errors.disciplineIds?.message;
  return (
    <Autocomplete<Named, true, false, false>
      id="disciplines"
      multiple
      options={disciplines}
      value={value}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionDisabled={(option) => ids.length >= MAX_DISCIPLINES && !ids.includes(option.id)}
      onChange={(_event, chosen) =>
        form.setValue(
          'disciplineIds',
          chosen.map((d) => d.id),
          { shouldDirty: true },
        )
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Fields of study (optional)"
          error={Boolean(error)}
          helperText={error ?? `Up to ${MAX_DISCIPLINES}`}
        />
      )}
    />
  );
}

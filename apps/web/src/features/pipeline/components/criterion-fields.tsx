import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  Controller,
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';

import type { Criterion, CriterionKind } from '@pathways/shared/eligibility/criteria';
import { nqfLevelNames } from '@pathways/shared/eligibility/describe';
import type { ReferenceNames } from '@pathways/shared/eligibility/snapshot';
import { qualificationStatuses } from '@pathways/shared/profile/dates';
import { countryChoices, type CountryChoice } from '@pathways/shared/reference/countries';
import { languageLevelLabels, languageLevels } from '@pathways/shared/profile/sections.schemas';

import { FormTextField } from '../../../components/ui/form-fields';
import { useDebouncedValue } from '../../places';
import {
  disciplinesQueryKey,
  qualificationCategoriesQueryKey,
  qualificationTypesQueryKey,
  useDisciplines,
  useInstitutions,
  useQualificationCategories,
  useQualificationTypes,
} from '../../reference';

// The fields of the criterion kinds that hold lists (countries, languages, reference items). The dialog's form
// values are loose records checked by the shared criterion schema, so fields are named by path.

/** The dialog's form values: a criterion being filled in, checked on submit. */
export type CriterionValues = Record<string, unknown> & { kind: CriterionKind };
type Values = CriterionValues;
type FormControl = Control<Values, unknown, Criterion>;

/** A select whose empty choice ("Any level") is shown by name rather than left blank. */
const shownEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The message of the error at a dotted path ("languages.0.language"), or of a list as a whole. */
export function messageAt(errors: FieldErrors<Values>, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  if (node === null || typeof node !== 'object') return undefined;
  const error = node as { message?: unknown; root?: { message?: unknown } };
  const message = error.message ?? error.root?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Several countries picked by name from the ISO list; the form holds their alpha-2 codes. A
 * message about one country (a repeated one) is shown with the list's own.
 */
export function CountriesField({
  control,
  errors,
  label,
  helperText,
}: {
  control: FormControl;
  errors: FieldErrors<Values>;
  label: string;
  helperText: string;
}) {
  const choices = countryChoices();
  const byCode = useMemo(() => new Map(choices.map((c) => [c.code, c])), [choices]);
  const countryErrors = errors.countries as unknown as Record<string, unknown> | undefined;
  const itemMessage = countryErrors
    ? Object.keys(countryErrors)
        .filter((k) => /^\d+$/.test(k))
        .map((k) => messageAt(errors, `countries.${k}`))
        .find(Boolean)
    : undefined;
  const message = messageAt(errors, 'countries') ?? itemMessage;
  return (
    <Controller
      control={control}
      name="countries"
      render={({ field }) => {
        const codes = (field.value as string[] | undefined) ?? [];
        const value = codes.map((code) => byCode.get(code) ?? { code, name: code });
        return (
          <Autocomplete<CountryChoice, true>
            multiple
            options={choices}
            value={value}
            getOptionLabel={(c) => c.name}
            isOptionEqualToValue={(a, b) => a.code === b.code}
            onChange={(_event, chosen) => field.onChange(chosen.map((c) => c.code))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={Boolean(message)}
                helperText={message ?? helperText}
              />
            )}
          />
        );
      }}
    />
  );
}

/** Whether a permanent resident qualifies as a citizen does; unticked leaves the key out. */
export function PermanentResidentsField({ control }: { control: FormControl }) {
  return (
    <Controller
      control={control}
      name="permanentResidents"
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked ? true : undefined)}
            />
          }
          label="Permanent residents also qualify"
        />
      )}
    />
  );
}

/** Each language the candidate needs, with the lowest level (reading, writing and speaking). */
export function LanguagesFields({
  control,
  register,
  errors,
}: {
  control: FormControl;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
}) {
  const { fields, append, remove } = useFieldArray({
    control: control as unknown as Control<{ languages: { language: string }[] }>,
    name: 'languages',
  });
  const listMessage = messageAt(errors, 'languages');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields.map((row, i) => (
        <Box
          key={row.id}
          role="group"
          aria-label={`Language ${i + 1}`}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr auto', sm: '1fr 12rem auto' },
            alignItems: 'start',
          }}
        >
          <FormTextField
            label={`Language ${i + 1}`}
            helperText="Its English name, such as isiZulu"
            registration={register(`languages.${i}.language`)}
            fieldError={
              messageAt(errors, `languages.${i}.language`)
                ? { type: 'schema', message: messageAt(errors, `languages.${i}.language`) }
                : undefined
            }
          />
          <Controller
            control={control}
            name={`languages.${i}.minimumLevel`}
            render={({ field }) => (
              <TextField
                select
                label={`Minimum level ${i + 1}`}
                slotProps={shownEmpty}
                value={(field.value as string | undefined) ?? ''}
                onChange={(e) => field.onChange(e.target.value === '' ? undefined : e.target.value)}
                onBlur={field.onBlur}
                error={Boolean(messageAt(errors, `languages.${i}.minimumLevel`))}
                helperText={messageAt(errors, `languages.${i}.minimumLevel`)}
                sx={{ gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: '2', sm: 'auto' } }}
              >
                <MenuItem value="">Any level</MenuItem>
                {languageLevels.map((level) => (
                  <MenuItem key={level} value={level}>
                    {languageLevelLabels[level]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <IconButton
            aria-label={`Remove language ${i + 1}`}
            onClick={() => remove(i)}
            sx={{ mt: 1 }}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {listMessage && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'caption' }}>
          Languages: {listMessage}
        </Box>
      )}
      <Box>
        <Button onClick={() => append({ language: '' })}>Add a language</Button>
      </Box>
    </Box>
  );
}

export interface Named {
  id: number;
  name: string;
}

/** Several reference items (types, categories, disciplines) by name; none chosen leaves the key out. */
function IdsField({
  control,
  errors,
  name,
  label,
  helperText,
  options,
  loading,
}: {
  control: FormControl;
  errors: FieldErrors<Values>;
  name: string;
  label: string;
  helperText: string;
  options: readonly Named[];
  loading: boolean;
}) {
  const message = messageAt(errors, name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const ids = (field.value as number[] | undefined) ?? [];
        // An id the list does not hold (yet) is still shown, so it is never dropped unseen.
        const value = ids.map((id) => options.find((o) => o.id === id) ?? { id, name: `#${id}` });
        return (
          <Autocomplete<Named, true>
            multiple
            options={options}
            value={value}
            loading={loading}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_event, chosen) =>
              field.onChange(chosen.length === 0 ? undefined : chosen.map((o) => o.id))
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={Boolean(message)}
                helperText={message ?? helperText}
              />
            )}
          />
        );
      }}
    />
  );
}

const nqfLevels = Object.keys(nqfLevelNames)
  .map(Number)
  .sort((a, b) => a - b);

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Several institutions, found by name as the user types (there are thousands, so they are
 * searched, not listed); none chosen leaves the key out. The form holds their ids; the names
 * of those chosen come from `names`, and every pick is reported so the names are kept.
 */
function InstitutionsField({
  control,
  errors,
  names,
  onPicked,
}: {
  control: FormControl;
  errors: FieldErrors<Values>;
  names: ReadonlyMap<number, string>;
  onPicked: (picked: Named[]) => void;
}) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { data = [], isFetching } = useInstitutions(search);
  const options = data.map((i) => ({ id: i.id, name: i.name, detail: i.city }));
  const message = messageAt(errors, 'institutionIds');
  // The same array for the same institutions on every render: the field clears what was typed
  // whenever its value changes, and each keystroke renders this component again.
  const shown = useRef<Named[]>([]);
  const valueOf = (ids: number[]) => {
    const next = ids.map((id) => ({ id, name: names.get(id) ?? `institution ${id}` }));
    const same =
      next.length === shown.current.length &&
      next.every((n, i) => n.id === shown.current[i]!.id && n.name === shown.current[i]!.name);
    if (!same) shown.current = next;
    return shown.current;
  };
  return (
    <Controller
      control={control}
      name="institutionIds"
      render={({ field }) => {
        const ids = (field.value as number[] | undefined) ?? [];
        const value = valueOf(ids);
        return (
          <Autocomplete<Named & { detail?: string | null }, true>
            multiple
            options={options}
            value={value}
            inputValue={input}
            filterOptions={(x) => x}
            loading={isFetching}
            noOptionsText={search ? 'No institution found' : 'Start typing its name'}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onInputChange={(_event, typed) => setInput(typed)}
            onChange={(_event, chosen) => {
              onPicked(chosen);
              field.onChange(chosen.length === 0 ? undefined : chosen.map((o) => o.id));
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
                label="Institutions"
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={Boolean(message)}
                helperText={
                  message ?? 'Any one of these: start typing a name, or leave empty for any'
                }
              />
            )}
          />
        );
      }}
    />
  );
}

/**
 * A qualification: one of some types or at least an NQF level, in some categories and fields
 * of study, from some institutions, with some statuses.
 */
export function QualificationFields({
  control,
  errors,
  institutionNames,
  onInstitutionsPicked,
}: {
  control: FormControl;
  errors: FieldErrors<Values>;
  institutionNames: ReadonlyMap<number, string>;
  onInstitutionsPicked: (picked: Named[]) => void;
}) {
  const types = useQualificationTypes();
  const categories = useQualificationCategories();
  const disciplines = useDisciplines();
  const statusMessage = messageAt(errors, 'statuses');
  return (
    <>
      <IdsField
        control={control}
        errors={errors}
        name="qualificationTypeIds"
        label="Qualification types"
        helperText="Any one of these, or the level below"
        options={types.data ?? []}
        loading={types.isPending}
      />
      <Controller
        control={control}
        name="minimumNqfLevel"
        render={({ field }) => (
          <TextField
            select
            label="Minimum NQF level"
            slotProps={shownEmpty}
            value={(field.value as number | undefined) ?? ''}
            onChange={(e) =>
              field.onChange(e.target.value === '' ? undefined : Number(e.target.value))
            }
            onBlur={field.onBlur}
            error={Boolean(messageAt(errors, 'minimumNqfLevel'))}
            helperText={messageAt(errors, 'minimumNqfLevel') ?? 'This level or higher'}
          >
            <MenuItem value="">No minimum level</MenuItem>
            {nqfLevels.map((level) => (
              <MenuItem key={level} value={level}>
                {`${level}: ${nqfLevelNames[level]}`}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <IdsField
        control={control}
        errors={errors}
        name="categoryIds"
        label="Categories"
        helperText="Any one of these, such as Commerce; leave empty for any"
        options={categories.data ?? []}
        loading={categories.isPending}
      />
      <IdsField
        control={control}
        errors={errors}
        name="disciplineIds"
        label="Fields of study"
        helperText="Any one of these; leave empty for any field"
        options={disciplines.data ?? []}
        loading={disciplines.isPending}
      />
      <InstitutionsField
        control={control}
        errors={errors}
        names={institutionNames}
        onPicked={onInstitutionsPicked}
      />
      <Controller
        control={control}
        name="statuses"
        render={({ field }) => {
          const chosen = (field.value as string[] | undefined) ?? [];
          return (
            <FormControl error={Boolean(statusMessage)} component="fieldset">
              <FormLabel component="legend">Completed, current or intended</FormLabel>
              <FormGroup row>
                {qualificationStatuses.map((status) => (
                  <FormControlLabel
                    key={status}
                    label={qualificationStatusWords[status]}
                    control={
                      <Checkbox
                        checked={chosen.includes(status)}
                        onChange={(e) =>
                          field.onChange(
                            qualificationStatuses.filter((s) =>
                              s === status ? e.target.checked : chosen.includes(s),
                            ),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText>{statusMessage ?? 'Choose one or more'}</FormHelperText>
            </FormControl>
          );
        }}
      />
    </>
  );
}

const qualificationStatusWords: Record<(typeof qualificationStatuses)[number], string> = {
  completed: 'Completed',
  current: 'Current (studying now)',
  intended: 'Intended (applied or planned)',
};

/**
 * The names of the reference items the page has loaded, so a criterion added here is described
 * with them ("a Diploma in Nursing") before the server describes it.
 */
export function loadedReferenceNames(queryClient: QueryClient): ReferenceNames {
  const names = (key: readonly unknown[]) => {
    const page = queryClient.getQueryData<{ items: Named[] }>(key);
    return page ? new Map(page.items.map((i) => [i.id, i.name])) : undefined;
  };
  const qualificationTypes = names(qualificationTypesQueryKey);
  const categories = names(qualificationCategoriesQueryKey);
  const disciplines = names(disciplinesQueryKey);
  return {
    ...(qualificationTypes ? { qualificationTypes } : {}),
    ...(categories ? { categories } : {}),
    ...(disciplines ? { disciplines } : {}),
  };
}

/**
 * High-school subjects, each with its minimum mark. A subject the API stored with the id of a
 * listed subject is matched by that id; renaming it here makes it a subject matched by name.
 */
export function SchoolSubjectsFields({
  control,
  register,
  setValue,
  errors,
}: {
  control: FormControl;
  register: UseFormRegister<Values>;
  setValue: UseFormSetValue<Values>;
  errors: FieldErrors<Values>;
}) {
  const { fields, append, remove } = useFieldArray({
    control: control as unknown as Control<{ subjects: { minimumMark: number }[] }>,
    name: 'subjects',
  });
  const listMessage = messageAt(errors, 'subjects');
  const fieldError = (path: string) => {
    const message = messageAt(errors, path);
    return message ? { type: 'schema', message } : undefined;
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {fields.map((row, i) => (
        <Box
          key={row.id}
          role="group"
          aria-label={`Subject ${i + 1}`}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr auto', sm: '1fr 10rem auto' },
            alignItems: 'start',
          }}
        >
          <FormTextField
            label={`Subject ${i + 1}`}
            helperText="As on the matric certificate, such as Mathematics"
            registration={register(`subjects.${i}.name`, {
              setValueAs: (v: unknown) => (v === '' ? undefined : v),
              onChange: () => setValue(`subjects.${i}.componentId`, undefined),
            })}
            fieldError={fieldError(`subjects.${i}.name`)}
          />
          <FormTextField
            label={`Minimum mark ${i + 1} (%)`}
            type="number"
            registration={register(`subjects.${i}.minimumMark`, {
              setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)),
            })}
            fieldError={fieldError(`subjects.${i}.minimumMark`)}
            sx={{ gridColumn: { xs: '1', sm: 'auto' }, gridRow: { xs: '2', sm: 'auto' } }}
          />
          <IconButton
            aria-label={`Remove subject ${i + 1}`}
            onClick={() => remove(i)}
            sx={{ mt: 1 }}
          >
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {listMessage && (
        <Box role="alert" sx={{ color: 'error.main', typography: 'caption' }}>
          Subjects: {listMessage}
        </Box>
      )}
      <Box>
        <Button onClick={() => append({ minimumMark: 50 })}>Add a subject</Button>
      </Box>
    </Box>
  );
}

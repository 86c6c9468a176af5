import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import {
  ethnicities,
  ethnicityLabels,
  genderLabels,
  genders,
  type Ethnicity,
  type Gender,
} from '@pathways/shared/profile/profile.schemas';

import { useDebouncedValue } from '../../places';
import {
  useDisciplines,
  useInstitutions,
  useQualificationCategories,
  useQualificationTypes,
} from '../../reference';

// The controls of the applicants' filters, one per filter, each showing a value and reporting
// the new one (undefined: the filter is off). The tracker's panel lays them out; the analytics
// explorer offers the same controls for the filters it takes.

interface Named {
  id: number;
  name: string;
}

interface FieldProps<T> {
  /** The control's id (and the prefix of its parts' ids). */
  id: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/** A filter of ids chosen from a list; an id the list does not have shows as its number. */
export function IdListField({
  id,
  label,
  options,
  value,
  onChange,
  onInput,
  loading,
}: FieldProps<number[]> & {
  label: string;
  options: Named[];
  /** For lists searched as you type. */
  onInput?: (text: string) => void;
  loading?: boolean;
}) {
  const [known, setKnown] = useState<Map<number, string>>(new Map());
  const names = new Map(known);
  for (const option of options) names.set(option.id, option.name);
  const chosen: Named[] = (value ?? []).map((v) => ({ id: v, name: names.get(v) ?? `#${v}` }));
  return (
    <Autocomplete<Named, true>
      id={id}
      multiple
      size="small"
      options={options}
      value={chosen}
      loading={loading ?? false}
      filterOptions={onInput ? (x) => x : undefined}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={onInput ? (_event, text) => onInput(text) : undefined}
      onChange={(_event, picked) => {
        setKnown(new Map([...known, ...picked.map((p) => [p.id, p.name] as const)]));
        onChange(picked.length ? picked.map((p) => p.id) : undefined);
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** Institutions, searched as you type (there are many). */
export function InstitutionsField(props: FieldProps<number[]>) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const { data = [], isFetching } = useInstitutions(search);
  return (
    <IdListField
      {...props}
      label="Institutions"
      options={data.map((i) => ({ id: i.id, name: i.name }))}
      loading={isFetching}
      onInput={setInput}
    />
  );
}

export function QualificationTypesField(props: FieldProps<number[]>) {
  const types = useQualificationTypes();
  return <IdListField {...props} label="Qualification types" options={types.data ?? []} />;
}

export function QualificationCategoriesField(props: FieldProps<number[]>) {
  const categories = useQualificationCategories();
  return (
    <IdListField {...props} label="Qualification categories" options={categories.data ?? []} />
  );
}

export function DisciplinesField(props: FieldProps<number[]>) {
  const disciplines = useDisciplines();
  return <IdListField {...props} label="Disciplines" options={disciplines.data ?? []} />;
}

/** Eligible, not eligible, or any. */
export function EligibilityField({ id, value, onChange }: FieldProps<boolean>) {
  const labelId = `${id}-label`;
  const selected: string = value === undefined ? '' : value ? 'eligible' : 'not-eligible';
  return (
    <FormControl size="small">
      <InputLabel id={labelId}>Eligibility</InputLabel>
      <Select
        labelId={labelId}
        label="Eligibility"
        value={selected}
        onChange={(event) =>
          onChange(event.target.value === '' ? undefined : event.target.value === 'eligible')
        }
      >
        <MenuItem value="">Any</MenuItem>
        <MenuItem value="eligible">Eligible</MenuItem>
        <MenuItem value="not-eligible">Not eligible</MenuItem>
      </Select>
    </FormControl>
  );
}

export function GendersField({ id, value, onChange }: FieldProps<Gender[]>) {
  return (
    <Autocomplete
      id={id}
      multiple
      size="small"
      options={[...genders]}
      value={value ?? []}
      getOptionLabel={(gender) => genderLabels[gender]}
      onChange={(_event, picked) => onChange(picked.length ? picked : undefined)}
      renderInput={(params) => <TextField {...params} label="Genders" />}
    />
  );
}

export function EthnicitiesField({ id, value, onChange }: FieldProps<Ethnicity[]>) {
  return (
    <Autocomplete
      id={id}
      multiple
      size="small"
      options={[...ethnicities]}
      value={value ?? []}
      getOptionLabel={(ethnicity) => ethnicityLabels[ethnicity]}
      onChange={(_event, picked) => onChange(picked.length ? picked : undefined)}
      renderInput={(params) => <TextField {...params} label="Ethnicities" />}
    />
  );
}

/** A filter that is on or off (off: the filter does not apply). */
export function FilterSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: true | undefined) => void;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={checked}
          onChange={(event) => onChange(event.target.checked || undefined)}
        />
      }
      label={label}
    />
  );
}

/** The switches' labels, the same wherever the filters are offered. */
export const switchLabels = {
  complete: 'Complete profiles only',
  referred: 'Referred only',
  verified: 'Verified qualification',
  multiple: 'More than one matching qualification',
} as const;

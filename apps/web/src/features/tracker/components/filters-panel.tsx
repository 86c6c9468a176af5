import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';

import {
  qualificationPeriods,
  type ApplicantFilters,
  type QualificationPeriod,
} from '@pathways/shared/applicants/applicants.schemas';
import {
  ethnicities,
  ethnicityLabels,
  genderLabels,
  genders,
} from '@pathways/shared/profile/profile.schemas';

import { PlaceSearch, placeShortName, useDebouncedValue } from '../../places';
import {
  useDisciplines,
  useInstitutions,
  useQualificationCategories,
  useQualificationTypes,
} from '../../reference';

type Change = (change: (filters: ApplicantFilters) => ApplicantFilters) => void;
interface Named {
  id: number;
  name: string;
}

const periodLabels: Record<QualificationPeriod, string> = {
  completed: 'Completed',
  current: 'Studying now',
  intended: 'Intended',
};

const DEFAULT_DISTANCE_KM = 50;

/** A filter of ids chosen from a list; an id the list does not have shows as its number. */
function IdListField({
  id,
  label,
  options,
  value,
  onChange,
  onInput,
  loading,
}: {
  id: string;
  label: string;
  options: Named[];
  value: number[] | undefined;
  onChange: (ids: number[] | undefined) => void;
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

function InstitutionsField({ value, onChange }: { value?: number[]; onChange: Change }) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 300);
  const { data = [], isFetching } = useInstitutions(search);
  return (
    <IdListField
      id="tracker-institutions"
      label="Institutions"
      options={data.map((i) => ({ id: i.id, name: i.name }))}
      value={value}
      loading={isFetching}
      onInput={setInput}
      onChange={(ids) => onChange((f) => ({ ...f, institutions: ids }))}
    />
  );
}

/**
 * Distance from a place: pick the place, then the kilometres. (Keyed by the distance, so a
 * change from elsewhere starts it again.)
 */
function DistanceField({
  filters,
  onChange,
  placeName,
  setPlaceName,
}: {
  filters: ApplicantFilters;
  onChange: Change;
  placeName: string | null;
  setPlaceName: (name: string | null) => void;
}) {
  const [km, setKm] = useState(String(filters.distance ?? DEFAULT_DISTANCE_KM));
  const commitKm = () => {
    const value = Number(km);
    if (Number.isFinite(value) && value > 0 && value <= 20_000) {
      onChange((f) => ({ ...f, distance: value }));
    }
  };
  return (
    <Stack spacing={1}>
      <PlaceSearch
        id="tracker-place"
        label="Near a place"
        size="small"
        onSelect={(place) => {
          setPlaceName(placeShortName(place));
          onChange((f) => ({
            ...f,
            location: `${place.latitude},${place.longitude}`,
            distance: f.distance ?? (Number(km) > 0 ? Number(km) : DEFAULT_DISTANCE_KM),
          }));
        }}
      />
      <TextField
        id="tracker-distance"
        label="Within (km)"
        size="small"
        type="number"
        value={km}
        slotProps={{ htmlInput: { min: 1, max: 20_000, inputMode: 'numeric' } }}
        onChange={(event) => setKm(event.target.value)}
        onBlur={commitKm}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitKm();
        }}
      />
      {filters.location && (
        <Chip
          size="small"
          label={`Within ${filters.distance ?? '?'} km of ${placeName ?? filters.location}`}
          onDelete={() => {
            setPlaceName(null);
            onChange((f) => ({ ...f, location: undefined, distance: undefined }));
          }}
        />
      )}
    </Stack>
  );
}

/** The grade range, 0 to 100, applied when a thumb is let go (or moved with the keyboard). */
function GradeField({ filters, onChange }: { filters: ApplicantFilters; onChange: Change }) {
  const applied = `${filters.grade?.min ?? 0}-${filters.grade?.max ?? 100}`;
  const [range, setRange] = useState<number[]>([
    filters.grade?.min ?? 0,
    filters.grade?.max ?? 100,
  ]);
  // A range applied from elsewhere (cleared, or read from the address) moves the thumbs.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setRange([filters.grade?.min ?? 0, filters.grade?.max ?? 100]);
  }
  return (
    <Box sx={{ px: 1 }}>
      <Typography id="tracker-grade-label" variant="body2" gutterBottom>
        Grade: above {range[0]}% up to {range[1]}%
      </Typography>
      <Slider
        value={range}
        min={0}
        max={100}
        step={5}
        valueLabelDisplay="auto"
        getAriaLabel={(index) => (index === 0 ? 'Lowest grade' : 'Highest grade')}
        getAriaValueText={(value) => `${value}%`}
        onChange={(_event, value) => setRange(value as number[])}
        onChangeCommitted={(_event, value) => {
          const [low = 0, high = 100] = value as number[];
          onChange((f) => ({
            ...f,
            grade: low > 0 || high < 100 ? { min: low, max: high } : undefined,
          }));
        }}
      />
    </Box>
  );
}

const switches = [
  ['complete', 'Complete profiles only'],
  ['referred', 'Referred only'],
  ['verified', 'Verified qualification'],
  ['multiple', 'More than one matching qualification'],
] as const;

/**
 * Every filter of the applicants but the name: distance, grade, the qualification lists,
 * ethnicity, gender, the opportunity's places, period and the switches. Each change applies at
 * once and is written to the address.
 */
export const FiltersPanel = memo(function FiltersPanel({
  filters,
  onChange,
  onClear,
  locations,
  blind,
}: {
  filters: ApplicantFilters;
  onChange: Change;
  onClear: () => void;
  /** The opportunity's places applicants choose from; none on the all-workspaces list. */
  locations?: Named[];
  /** Blind review: gender and ethnicity are not offered. */
  blind: boolean;
}) {
  const [placeName, setPlaceName] = useState<string | null>(null);
  const types = useQualificationTypes();
  const categories = useQualificationCategories();
  const disciplines = useDisciplines();

  const eligibility: string =
    filters.eligible === undefined ? '' : filters.eligible ? 'eligible' : 'not-eligible';

  return (
    <Stack spacing={2} component="section" aria-label="Filters">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          Filters
        </Typography>
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      </Box>
      <DistanceField
        key={`${filters.location}-${filters.distance}`}
        filters={filters}
        onChange={onChange}
        placeName={placeName}
        setPlaceName={setPlaceName}
      />
      <GradeField filters={filters} onChange={onChange} />
      <IdListField
        id="tracker-types"
        label="Qualification types"
        options={types.data ?? []}
        value={filters.types}
        onChange={(ids) => onChange((f) => ({ ...f, types: ids }))}
      />
      <IdListField
        id="tracker-categories"
        label="Qualification categories"
        options={categories.data ?? []}
        value={filters.categories}
        onChange={(ids) => onChange((f) => ({ ...f, categories: ids }))}
      />
      <InstitutionsField value={filters.institutions} onChange={onChange} />
      <IdListField
        id="tracker-disciplines"
        label="Disciplines"
        options={disciplines.data ?? []}
        value={filters.disciplines}
        onChange={(ids) => onChange((f) => ({ ...f, disciplines: ids }))}
      />
      <FormControl size="small">
        <InputLabel id="tracker-period-label">Qualification period</InputLabel>
        <Select
          labelId="tracker-period-label"
          label="Qualification period"
          value={filters.period ?? ''}
          onChange={(event) =>
            onChange((f) => ({
              ...f,
              period: (event.target.value || undefined) as QualificationPeriod | undefined,
            }))
          }
        >
          <MenuItem value="">Any</MenuItem>
          {qualificationPeriods.map((period) => (
            <MenuItem key={period} value={period}>
              {periodLabels[period]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl size="small">
        <InputLabel id="tracker-eligibility-label">Eligibility</InputLabel>
        <Select
          labelId="tracker-eligibility-label"
          label="Eligibility"
          value={eligibility}
          onChange={(event) =>
            onChange((f) => ({
              ...f,
              eligible: event.target.value === '' ? undefined : event.target.value === 'eligible',
            }))
          }
        >
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="eligible">Eligible</MenuItem>
          <MenuItem value="not-eligible">Not eligible</MenuItem>
        </Select>
      </FormControl>
      {locations && (
        <IdListField
          id="tracker-locations"
          label="Chosen places"
          options={locations}
          value={filters.locations}
          onChange={(ids) => onChange((f) => ({ ...f, locations: ids }))}
        />
      )}
      {!blind && (
        <Autocomplete
          id="tracker-genders"
          multiple
          size="small"
          options={[...genders]}
          value={filters.genders ?? []}
          getOptionLabel={(gender) => genderLabels[gender]}
          onChange={(_event, picked) =>
            onChange((f) => ({ ...f, genders: picked.length ? picked : undefined }))
          }
          renderInput={(params) => <TextField {...params} label="Genders" />}
        />
      )}
      {!blind && (
        <Autocomplete
          id="tracker-ethnicities"
          multiple
          size="small"
          options={[...ethnicities]}
          value={filters.ethnicities ?? []}
          getOptionLabel={(ethnicity) => ethnicityLabels[ethnicity]}
          onChange={(_event, picked) =>
            onChange((f) => ({ ...f, ethnicities: picked.length ? picked : undefined }))
          }
          renderInput={(params) => <TextField {...params} label="Ethnicities" />}
        />
      )}
      <Stack>
        {switches.map(([key, label]) => (
          <FormControlLabel
            key={key}
            control={
              <Switch
                size="small"
                checked={filters[key] === true}
                onChange={(event) =>
                  onChange((f) => ({ ...f, [key]: event.target.checked || undefined }))
                }
              />
            }
            label={label}
          />
        ))}
      </Stack>
    </Stack>
  );
});

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';

import {
  qualificationPeriods,
  type ApplicantFilters,
  type QualificationPeriod,
} from '@pathways/shared/applicants/applicants.schemas';

import { PlaceSearch, placeShortName } from '../../places';
import {
  DisciplinesField,
  EligibilityField,
  EthnicitiesField,
  FilterSwitch,
  GendersField,
  IdListField,
  InstitutionsField,
  QualificationCategoriesField,
  QualificationTypesField,
  switchLabels,
} from './filter-fields';

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

/**
 * Distance from a place: pick the place, then the kilometres. The typed kilometres follow a
 * distance applied from elsewhere (cleared, or read from the address) without starting the field
 * again, so a number being typed is never thrown away by a render that catches up.
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
  const applied = filters.distance ?? DEFAULT_DISTANCE_KM;
  const [km, setKm] = useState(String(applied));
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setKm(String(applied));
  }
  const commitKm = () => {
    const value = Number(km);
    if (Number.isFinite(value) && value > 0 && value <= 20_000) {
      onChange((f) => ({ ...f, distance: value }));
    }
  };
  return (
    <Stack spacing={1}>
      <PlaceSearch
        // A new place (or none) empties the box: the chip below names the place in use.
        key={filters.location ?? ''}
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

const switches = ['complete', 'referred', 'verified', 'multiple'] as const;

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
        filters={filters}
        onChange={onChange}
        placeName={placeName}
        setPlaceName={setPlaceName}
      />
      <GradeField filters={filters} onChange={onChange} />
      <QualificationTypesField
        id="tracker-types"
        value={filters.types}
        onChange={(ids) => onChange((f) => ({ ...f, types: ids }))}
      />
      <QualificationCategoriesField
        id="tracker-categories"
        value={filters.categories}
        onChange={(ids) => onChange((f) => ({ ...f, categories: ids }))}
      />
      <InstitutionsField
        id="tracker-institutions"
        value={filters.institutions}
        onChange={(ids) => onChange((f) => ({ ...f, institutions: ids }))}
      />
      <DisciplinesField
        id="tracker-disciplines"
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
      <EligibilityField
        id="tracker-eligibility"
        value={filters.eligible}
        onChange={(eligible) => onChange((f) => ({ ...f, eligible }))}
      />
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
        <GendersField
          id="tracker-genders"
          value={filters.genders}
          onChange={(picked) => onChange((f) => ({ ...f, genders: picked }))}
        />
      )}
      {!blind && (
        <EthnicitiesField
          id="tracker-ethnicities"
          value={filters.ethnicities}
          onChange={(picked) => onChange((f) => ({ ...f, ethnicities: picked }))}
        />
      )}
      <Stack>
        {switches.map((key) => (
          <FilterSwitch
            key={key}
            label={switchLabels[key]}
            checked={filters[key] === true}
            onChange={(on) => onChange((f) => ({ ...f, [key]: on }))}
          />
        ))}
      </Stack>
    </Stack>
  );
});

import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

import {
  opportunityKinds,
  type OpportunityKind,
} from '@pathways/shared/opportunities/opportunities.schemas';

import { useDisciplines, useOrganizations, useQualificationTypes } from '../../reference';
import { clearedFilters, hasFilters, type SearchState } from '../utils/search-params';

/** What a filter chooses from: reference rows by id and name. */
interface FilterOption {
  id: number;
  name: string;
}

const kindPlurals: Record<OpportunityKind, string> = {
  job: 'Jobs',
  bursary: 'Bursaries',
  scholarship: 'Scholarships',
};

function IdFilter({
  id,
  label,
  options,
  loading,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: FilterOption[] | undefined;
  loading: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const list = options ?? [];
  // Chosen ids keep showing while the list loads (a shared link), by number until then.
  const selected = value.map(
    (v) => list.find((option) => option.id === v) ?? { id: v, name: loading ? '…' : `#${v}` },
  );
  return (
    <Autocomplete<FilterOption, true>
      id={id}
      multiple
      size="small"
      options={list}
      value={selected}
      loading={loading}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/** The filters of the search: kinds, open now, "I qualify", organizations, studies. */
export function SearchFilters({
  state,
  candidate,
  onChange,
}: {
  state: SearchState;
  candidate: boolean;
  onChange: (change: Partial<SearchState>) => void;
}) {
  const organizations = useOrganizations();
  const disciplines = useDisciplines();
  const qualificationTypes = useQualificationTypes();

  const toggleKind = (kind: OpportunityKind, on: boolean) =>
    onChange({
      kinds: on
        ? opportunityKinds.filter((k) => k === kind || state.kinds.includes(k))
        : state.kinds.filter((k) => k !== kind),
    });

  return (
    <Stack spacing={2.5} component="section" aria-label="Filters">
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">Type</FormLabel>
        <FormGroup>
          {opportunityKinds.map((kind) => (
            <FormControlLabel
              key={kind}
              label={kindPlurals[kind]}
              control={
                <Checkbox
                  size="small"
                  checked={state.kinds.includes(kind)}
                  onChange={(event) => toggleKind(kind, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
      </FormControl>

      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend">Availability</FormLabel>
        <FormGroup>
          <FormControlLabel
            label="Open for applications now"
            control={
              <Checkbox
                size="small"
                checked={state.open}
                onChange={(event) => onChange({ open: event.target.checked })}
              />
            }
          />
          {candidate && (
            <FormControlLabel
              label="Only those I qualify for"
              control={
                <Checkbox
                  size="small"
                  checked={state.eligible}
                  onChange={(event) => onChange({ eligible: event.target.checked })}
                />
              }
            />
          )}
        </FormGroup>
      </FormControl>

      <IdFilter
        id="filter-organization"
        label="Organization"
        options={organizations.data}
        loading={organizations.isPending}
        value={state.organizations}
        onChange={(organizations) => onChange({ organizations })}
      />
      <IdFilter
        id="filter-discipline"
        label="Field of study"
        options={disciplines.data}
        loading={disciplines.isPending}
        value={state.disciplines}
        onChange={(disciplines) => onChange({ disciplines })}
      />
      <IdFilter
        id="filter-qualification-type"
        label="Qualification"
        options={qualificationTypes.data}
        loading={qualificationTypes.isPending}
        value={state.qualificationTypes}
        onChange={(qualificationTypes) => onChange({ qualificationTypes })}
      />

      {hasFilters(state) && (
        <Button
          variant="text"
          onClick={() => onChange(clearedFilters)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Clear filters
        </Button>
      )}
    </Stack>
  );
}

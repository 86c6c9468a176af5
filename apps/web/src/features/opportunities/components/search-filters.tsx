import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { opportunityKinds, type OpportunityKind } from '@pathways/shared/opportunities/search';

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
  onOpen,
}: {
  id: string;
  label: string;
  options: FilterOption[] | undefined;
  loading: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The list is opened (a click, a key, typing): its options are wanted. */
  onOpen: () => void;
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
      onOpen={onOpen}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, next) => onChange(next.map((option) => option.id))}
      filterSelectedOptions
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/**
 * The filters of the search: kinds, open now, closed ones too, "I qualify", organizations,
 * studies.
 */
export function SearchFilters({
  state,
  candidate,
  onChange,
}: {
  state: SearchState;
  candidate: boolean;
  onChange: (change: Partial<SearchState>) => void;
}) {
  // Each list is fetched when its filter is first opened, or at once when the address already
  // chose from it (its names show): on a phone the filters are folded away, and most searches
  // never open them.
  const [opened, setOpened] = useState({
    organizations: false,
    disciplines: false,
    qualificationTypes: false,
  });
  const open = (list: keyof typeof opened) => () =>
    setOpened((was) => (was[list] ? was : { ...was, [list]: true }));
  const organizations = useOrganizations({
    enabled: opened.organizations || state.organizations.length > 0,
  });
  const disciplines = useDisciplines({
    enabled: opened.disciplines || state.disciplines.length > 0,
  });
  const qualificationTypes = useQualificationTypes({
    enabled: opened.qualificationTypes || state.qualificationTypes.length > 0,
  });

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
          <FormControlLabel
            label="Include closed opportunities"
            control={
              <Checkbox
                size="small"
                checked={state.includeClosed}
                onChange={(event) => onChange({ includeClosed: event.target.checked })}
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
        loading={organizations.isLoading}
        onOpen={open('organizations')}
        value={state.organizations}
        onChange={(organizations) => onChange({ organizations })}
      />
      <IdFilter
        id="filter-discipline"
        label="Field of study"
        options={disciplines.data}
        loading={disciplines.isLoading}
        onOpen={open('disciplines')}
        value={state.disciplines}
        onChange={(disciplines) => onChange({ disciplines })}
      />
      <IdFilter
        id="filter-qualification-type"
        label="Qualification"
        options={qualificationTypes.data}
        loading={qualificationTypes.isLoading}
        onOpen={open('qualificationTypes')}
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

import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

import { clientEligibilitySortKeys } from '@pathways/shared/eligibility/client-eligibilities.schemas';

import { sortLabels, type EligibilityFilters } from '../utils/filters';

type Flag = 'any' | 'yes' | 'no';
const flagOf = (value: boolean | undefined): Flag =>
  value === undefined ? 'any' : value ? 'yes' : 'no';
const valueOf = (flag: Flag): boolean | undefined => (flag === 'any' ? undefined : flag === 'yes');

function FlagToggle({
  label,
  words,
  value,
  onChange,
}: {
  label: string;
  words: { yes: string; no: string };
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
}) {
  const id = `eligibility-filter-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box>
      <Typography id={id} variant="caption" component="div" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={flagOf(value)}
        onChange={(_event, flag: Flag | null) => {
          if (flag) onChange(valueOf(flag));
        }}
        aria-labelledby={id}
      >
        <ToggleButton value="any">Any</ToggleButton>
        <ToggleButton value="yes">{words.yes}</ToggleButton>
        <ToggleButton value="no">{words.no}</ToggleButton>
      </ToggleButtonGroup>
    </Box>
  );
}

/** Search by name, the applied and eligible toggles, and the sort. */
export function FiltersBar({
  filters,
  onChange,
  showEligible = true,
}: {
  filters: EligibilityFilters;
  onChange: (change: Partial<EligibilityFilters>) => void;
  showEligible?: boolean;
}) {
  // The search is sent when typing pauses, not on every key.
  const [search, setSearch] = useState(filters.search);
  // A search changed elsewhere (Back, a link) replaces what is typed.
  const [shown, setShown] = useState(filters.search);
  if (shown !== filters.search) {
    setShown(filters.search);
    setSearch(filters.search);
  }
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ search }), 350);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2, mb: 2 }}>
      <TextField
        label="Search by name"
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange({ search });
        }}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <FlagToggle
        label="Applied"
        words={{ yes: 'Applied', no: 'Not applied' }}
        value={filters.applied}
        onChange={(applied) => onChange({ applied })}
      />
      {showEligible && (
        <FlagToggle
          label="Eligible"
          words={{ yes: 'Eligible', no: 'Not eligible' }}
          value={filters.eligible}
          onChange={(eligible) => onChange({ eligible })}
        />
      )}
      <TextField
        select
        size="small"
        label="Sort by"
        value={`${filters.sort}:${filters.direction}`}
        onChange={(event) => {
          const [sort, direction] = event.target.value.split(':') as [
            EligibilityFilters['sort'],
            EligibilityFilters['direction'],
          ];
          onChange({ sort, direction });
        }}
        sx={{ width: { xs: '100%', sm: 280 } }}
      >
        {clientEligibilitySortKeys.flatMap((key) =>
          (['desc', 'asc'] as const).map((direction) => (
            <MenuItem key={`${key}:${direction}`} value={`${key}:${direction}`}>
              {sortLabels[key]}{' '}
              {direction === 'desc' ? directionWords[key].desc : directionWords[key].asc}
            </MenuItem>
          )),
        )}
      </TextField>
    </Box>
  );
}

const newest = { desc: '(newest first)', asc: '(oldest first)' };
const directionWords: Record<EligibilityFilters['sort'], { desc: string; asc: string }> = {
  'profile.updatedAt': newest,
  'profile.lastName': { desc: '(Z to A)', asc: '(A to Z)' },
  completion: { desc: '(highest first)', asc: '(lowest first)' },
  referredAt: newest,
  invitedAt: newest,
};

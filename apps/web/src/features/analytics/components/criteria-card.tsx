import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useState } from 'react';

import { RetryAlert } from '../../../components/ui/retry-alert';
import { useWorkspaces } from '../../workspaces';
import { useCriteriaAnalytics } from '../api/analytics';
import { ChartCard } from './chart-card';

/** The criterion funnel of the eligible candidates page, for any opportunity the user sees. */
export function CriteriaCard() {
  const workspaces = useWorkspaces(true);
  const [chosen, setChosen] = useState<number | null>(null);
  const opportunityId = chosen ?? workspaces.data?.items[0]?.id ?? null;
  const funnel = useCriteriaAnalytics(opportunityId);
  const rows = funnel.data
    ? [
        { key: 'start', label: 'Complete profiles', count: funnel.data.candidates, value: null },
        ...funnel.data.steps.map((s) => ({
          key: String(s.id),
          label: s.description,
          count: s.remaining,
          value: s.removed,
        })),
      ]
    : undefined;
  const picker = (
    <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
      <InputLabel id="criteria-opportunity">Opportunity</InputLabel>
      <Select
        labelId="criteria-opportunity"
        label="Opportunity"
        value={opportunityId ?? ''}
        onChange={(e) => setChosen(Number(e.target.value))}
      >
        {(workspaces.data?.items ?? []).map((w) => (
          <MenuItem key={w.id} value={w.id}>
            {w.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
  if (funnel.isError) {
    return (
      <RetryAlert onRetry={() => void funnel.refetch()}>
        The criterion funnel could not be loaded.
      </RetryAlert>
    );
  }
  return (
    <ChartCard
      title="Criterion funnel"
      description="Of the candidates with a complete profile, how many are left after each requirement of the opportunity, the requirement removing most people first."
      columns={{ dimension: 'Requirement', measure: 'Candidates left', value: 'Removed' }}
      valueIsCount
      rows={rows && rows.length > 1 ? rows : rows?.length === 1 ? [] : undefined}
      loading={workspaces.isPending || (opportunityId !== null && funnel.isPending)}
      empty={
        opportunityId === null
          ? 'The funnel appears here once your organization has an opportunity.'
          : 'This opportunity has no requirements yet: once it has some, the candidates each one removes appear here.'
      }
      horizontal
      action={picker}
    />
  );
}

import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';

import type { WorkspaceLocation } from '@pathways/shared/workspaces/workspaces.schemas';

import type { TimesForm, TimeRow } from '../utils/time-form';

export interface ManagerOption {
  id: number;
  name: string;
}

export const placeLabel = (l: Pick<WorkspaceLocation, 'address' | 'city'>) =>
  l.city ? `${l.address}, ${l.city}` : l.address;

/**
 * The fields of one time: day and start (in the viewer's zone), length, place, interviewers.
 * `withPlaceAndPeople` leaves out the place and interviewers (a move keeps them unless changed).
 */
export function TimeFields({
  index,
  control,
  register,
  errors,
  row,
  locations,
  managers,
  timeZone,
  withInterviewers = true,
  keepPlace,
}: {
  index: number;
  control: Control<TimesForm>;
  register: UseFormRegister<TimesForm>;
  errors: FieldErrors<TimesForm>;
  row: TimeRow;
  locations: WorkspaceLocation[];
  managers: ManagerOption[];
  timeZone: string;
  withInterviewers?: boolean;
  /** Moving an interview at a place of the opportunity: that place, kept unless changed. */
  keepPlace?: string | undefined;
}) {
  const e = errors.times?.[index];
  const name = <K extends keyof TimeRow>(k: K) => `times.${index}.${k}` as const;
  const reg = (k: keyof TimeRow) => {
    const { ref, ...rest } = register(name(k));
    return { ...rest, inputRef: ref };
  };
  const n = index + 1;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
      }}
    >
      <TextField
        {...reg('date')}
        type="date"
        label={`Day of time ${n}`}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(e?.date)}
        helperText={e?.date?.message}
      />
      <TextField
        {...reg('time')}
        type="time"
        label={`Start of time ${n}`}
        slotProps={{ inputLabel: { shrink: true } }}
        error={Boolean(e?.time)}
        helperText={e?.time?.message ?? timeZone.replace('_', ' ')}
      />
      <TextField
        {...reg('durationMinutes')}
        type="number"
        label={`Length of time ${n} (minutes)`}
        slotProps={{ htmlInput: { min: 15, max: 480, step: 5 } }}
        error={Boolean(e?.durationMinutes)}
        helperText={e?.durationMinutes?.message}
      />
      <Controller
        control={control}
        name={name('place')}
        render={({ field }) => (
          <TextField
            select
            label={`Place of time ${n}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(e?.place)}
            helperText={e?.place?.message}
          >
            {keepPlace && <MenuItem value="keep">{keepPlace} (as now)</MenuItem>}
            {locations.map((l) => (
              <MenuItem key={l.id} value={`location:${l.id}`}>
                {placeLabel(l)}
              </MenuItem>
            ))}
            <MenuItem value="address">Another address</MenuItem>
            <MenuItem value="video">Video call</MenuItem>
          </TextField>
        )}
      />
      {row.place === 'address' && (
        <TextField
          {...reg('address')}
          label={`Address of time ${n}`}
          sx={{ gridColumn: { sm: 'span 2' } }}
          error={Boolean(e?.address)}
          helperText={e?.address?.message}
        />
      )}
      {row.place === 'video' && (
        <TextField
          {...reg('url')}
          type="url"
          label={`Video link of time ${n}`}
          placeholder="https://"
          sx={{ gridColumn: { sm: 'span 2' } }}
          error={Boolean(e?.url)}
          helperText={e?.url?.message}
        />
      )}
      {withInterviewers && (
        <>
          <Controller
            control={control}
            name={name('managerIds')}
            render={({ field }) => (
              <Autocomplete
                multiple
                options={managers.map((m) => m.id)}
                getOptionLabel={(id) => managers.find((m) => m.id === id)?.name ?? String(id)}
                value={field.value}
                onChange={(_event, value) => field.onChange(value)}
                onBlur={field.onBlur}
                sx={{ gridColumn: { sm: 'span 2' } }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label={`Interviewers of time ${n} from the workspace`}
                    error={Boolean(e?.managerIds)}
                    helperText={e?.managerIds?.message}
                  />
                )}
              />
            )}
          />
          <TextField
            {...reg('outside')}
            label={`Outside interviewers of time ${n}`}
            placeholder="Thandi Nkosi <thandi@example.com>, …"
            error={Boolean(e?.outside)}
            helperText={
              e?.outside?.message ??
              'E-mail addresses separated by commas, each with an optional name before it'
            }
          />
        </>
      )}
    </Box>
  );
}

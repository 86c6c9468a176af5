import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

import { locationLabel } from '../utils/format';

interface LocationOption {
  id: number;
  address: string;
  city: string | null;
}

/** "Where would you like to work?": one checkbox per location of the opportunity, one or more. */
export function LocationsField<T extends FieldValues>({
  control,
  name,
  locations,
  legend = 'Locations',
  helperText = 'Choose one or more locations.',
}: {
  control: Control<T>;
  name: Path<T>;
  locations: readonly LocationOption[];
  legend?: string;
  helperText?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const helperId = useId();
  const chosen = new Set<number>(Array.isArray(field.value) ? (field.value as number[]) : []);
  const error = fieldState.error?.message;

  const toggle = (id: number, checked: boolean) => {
    const next = locations
      .map((l) => l.id)
      .filter((locationId) => (locationId === id ? checked : chosen.has(locationId)));
    field.onChange(next);
  };

  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      required
      aria-describedby={helperId}
      sx={{ display: 'block' }}
    >
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend}
      </FormLabel>
      <FormGroup>
        {locations.map((location, index) => (
          <FormControlLabel
            key={location.id}
            label={locationLabel(location)}
            control={
              <Checkbox
                checked={chosen.has(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ...(index === 0 ? { ref: field.ref } : {}),
                    'aria-invalid': Boolean(error),
                  } as object,
                }}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helperId} role={error ? 'alert' : undefined}>
        {error ?? helperText}
      </FormHelperText>
    </FormControl>
  );
}

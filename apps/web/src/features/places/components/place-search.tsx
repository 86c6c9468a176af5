import Place from '@mui/icons-material/Place';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useHydrated } from '../../../lib/use-hydrated';
import { isSearchable, usePlaceSearch, type Place as PlaceItem } from '../api/search-places';

/**
 * Type a place, pick one of the matches: searching starts at 3 characters, 300 ms after the
 * last key; a failed search just shows no matches.
 */
export function PlaceSearch({
  id,
  label,
  placeholder,
  helperText,
  onSelect,
  size,
  disabled,
  slotProps,
}: {
  id: string;
  label?: string;
  placeholder?: string;
  helperText?: string;
  onSelect: (place: PlaceItem) => void;
  size?: TextFieldProps['size'];
  disabled?: boolean;
  /** Extra props of the text field's input (an aria-label when there is no visible label). */
  slotProps?: { htmlInput?: Record<string, unknown> };
}) {
  const [value, setValue] = useState<PlaceItem | null>(null);
  const [input, setInput] = useState('');
  const { places, isSearching } = usePlaceSearch(input);
  // The matches come from a script: on a server-rendered page the box opens once it runs.
  const hydrated = useHydrated();

  return (
    <Autocomplete<PlaceItem, false, false, false>
      id={id}
      value={value}
      inputValue={input}
      options={places}
      // The server ranks the matches; the list shows them as they come.
      filterOptions={(options) => options}
      getOptionLabel={(place) => place.address}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, place) => {
        setValue(place);
        if (place) onSelect(place);
      }}
      loading={isSearching}
      loadingText="Searching…"
      noOptionsText={isSearchable(input) ? 'No places found' : 'Type at least 3 characters'}
      disabled={(disabled ?? false) || !hydrated}
      autoHighlight
      // A search, not a list to open: no arrow.
      forcePopupIcon={false}
      renderOption={({ key, ...props }, place) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <Place fontSize="small" color="action" aria-hidden />
          <Typography variant="body2">{place.address}</Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          helperText={helperText}
          size={size}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...slotProps?.htmlInput },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {isSearching && <CircularProgress color="inherit" size={18} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

import Search from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

/** The candidate's location search; the place search arrives with the opportunity search. */
export function LocationSearchSlot() {
  return (
    <Tooltip title="Searching by place is coming soon">
      <TextField
        size="small"
        disabled
        placeholder="Search near a place"
        sx={{ display: { xs: 'none', sm: 'flex' }, flex: 1, maxWidth: 400, mx: 2 }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search opportunities near a place' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Tooltip>
  );
}

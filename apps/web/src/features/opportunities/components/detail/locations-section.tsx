import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import { locationLine } from './format';
import { SectionHeading } from './section-heading';

/** Where the opportunity is: every location as an address. */
export function LocationsSection({ locations }: { locations: OpportunityDetail['locations'] }) {
  if (locations.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="opportunity-locations">
      <SectionHeading id="opportunity-locations">
        {locations.length === 1 ? 'Location' : `Locations (${locations.length})`}
      </SectionHeading>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {locations.map((location) => (
          <Box
            component="li"
            key={location.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <Place fontSize="small" color="action" aria-hidden sx={{ mt: '2px' }} />
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {locationLine(location)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

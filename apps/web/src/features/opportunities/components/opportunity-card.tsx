import CheckCircle from '@mui/icons-material/CheckCircle';
import Event from '@mui/icons-material/Event';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { opportunityPagePath } from '@pathways/shared/opportunities/opportunity-path';
import type { OpportunityListItem } from '@pathways/shared/opportunities/opportunities.schemas';

import { formatDistance, nearestPlace, opportunityKindLabels } from '../utils/format';
import { windowLine, windowState } from '../utils/window';
import { useSavingData } from '../../../lib/save-data';

export interface OpportunityCardProps {
  opportunity: OpportunityListItem;
  /** The heading level of the name, so the card fits the page's outline (h3 by default). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * One opportunity in a list: its name linking to its page, the organization, the kind, the
 * open window (marked when closed), the nearest location with its distance and, for a candidate,
 * whether they qualify.
 * Light on purpose: it renders on the guest home page too.
 */
export function OpportunityCard({ opportunity, headingLevel = 'h3' }: OpportunityCardProps) {
  const titleId = useId();
  const savingData = useSavingData();
  const place = nearestPlace(opportunity);
  const more = opportunity.locationCount - 1;
  const href = opportunityPagePath(opportunity.id, opportunity.name);
  // A closed one is marked so, and never invites an application: no "You qualify" on it.
  const closed = windowState(opportunity) === 'closed';

  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        height: '100%',
        position: 'relative',
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {opportunity.logo && !savingData ? (
            <Box
              component="img"
              src={opportunity.logo}
              alt=""
              loading="lazy"
              width={40}
              height={40}
              sx={{ objectFit: 'contain', flexShrink: 0, borderRadius: 1 }}
            />
          ) : null}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography
              id={titleId}
              component={headingLevel}
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              <Link
                component={RouterLink}
                to={href}
                underline="hover"
                color="inherit"
                // The whole card is the link's target area; the name stays the accessible link.
                sx={{
                  '&::after': { content: '""', position: 'absolute', inset: 0 },
                  '&:focus-visible': { outline: 'none' },
                }}
              >
                {opportunity.name}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {opportunity.organization.name}
            </Typography>
          </Box>
        </Stack>

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" label={opportunityKindLabels[opportunity.kind]} variant="outlined" />
          {closed ? <Chip size="small" label="Closed" /> : null}
          {opportunity.eligible === true && !closed ? (
            <Chip
              size="small"
              color="success"
              icon={<CheckCircle aria-hidden />}
              label="You qualify"
            />
          ) : null}
        </Stack>

        {opportunity.summary ? (
          <Typography
            variant="body2"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {opportunity.summary}
          </Typography>
        ) : null}

        <Box sx={{ mt: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography
            variant="body2"
            color={opportunity.isOpen ? 'text.primary' : 'text.secondary'}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Event fontSize="small" aria-hidden />
            {windowLine(opportunity, new Date(), 'brief')}
          </Typography>
          {place ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <Place fontSize="small" aria-hidden />
              <span>
                {place}
                {more > 0 ? ` and ${more} more` : ''}
                {opportunity.distanceInMeters !== null
                  ? ` · ${formatDistance(opportunity.distanceInMeters)} away`
                  : ''}
              </span>
            </Typography>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

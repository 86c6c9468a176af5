import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { eligibilityMessages } from '@pathways/shared/eligibility/eligibility.messages';
import { paths } from '@pathways/shared/navigation/paths';
import type { OpportunityDetail } from '@pathways/shared/opportunities/opportunities.schemas';

import { useReturnHere, useSignupDialog } from '../../../auth';
import { EligibilityChecklist } from '../../../eligibility';
import { SectionHeading } from './section-heading';

export const REQUIREMENTS_SECTION_ID = 'requirements';

/** The requirements in words, as everyone but a candidate sees them. */
function RequirementList({ requirements }: { requirements: OpportunityDetail['requirements'] }) {
  if (requirements.length === 0) {
    return (
      <Typography color="text.secondary">
        This opportunity has no requirements: anyone can apply.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Requirements"
      sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75, '& li::marker': { color: 'primary.main' } }}
    >
      {requirements.map((requirement) => (
        <Typography
          component="li"
          key={requirement.id}
          variant="body2"
          sx={{ overflowWrap: 'anywhere', pl: 0.5 }}
        >
          {requirement.description ?? eligibilityMessages.unreadable}
        </Typography>
      ))}
    </Box>
  );
}

function GuestCallToAction() {
  const signup = useSignupDialog();
  const returnHere = useReturnHere();
  return (
    <Box
      sx={{
        mt: 2,
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
      }}
    >
      <Typography variant="body2" sx={{ flex: '1 1 16rem' }}>
        Pathways checks your profile against every requirement and tells you what is missing.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={signup.open}>
          Sign up to see whether you qualify
        </Button>
        <Button component={RouterLink} to={paths.login} state={returnHere} variant="text">
          Log in
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The requirements: a candidate sees each checked against the profile (what is missing first,
 * with the way to fix it); a guest sees them in words and is asked to sign up; clients and
 * admins see them in words.
 */
export function RequirementsSection({
  opportunity,
  role,
}: {
  opportunity: OpportunityDetail;
  role: 'guest' | 'candidate' | 'client' | 'admin';
}) {
  return (
    <Box
      component="section"
      aria-labelledby="opportunity-requirements"
      id={REQUIREMENTS_SECTION_ID}
      sx={{ scrollMarginTop: 80 }}
    >
      <SectionHeading id="opportunity-requirements">
        {role === 'candidate' ? 'Do you qualify?' : 'Requirements'}
      </SectionHeading>
      {role === 'candidate' ? (
        <EligibilityChecklist opportunityId={opportunity.id} />
      ) : (
        <>
          <RequirementList requirements={opportunity.requirements} />
          {role === 'guest' && <GuestCallToAction />}
        </>
      )}
    </Box>
  );
}

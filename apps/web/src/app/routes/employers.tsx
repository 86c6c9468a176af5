import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '@pathways/shared/navigation/paths';

import { Page } from '../../components/layouts/page';
import { env } from '../../config/env';
import { useSession } from '../../lib/auth/use-session';

const features = [
  {
    title: 'A pipeline you define',
    text: 'Move applicants through your own phases one by one or many at a time, and regret those who do not proceed.',
  },
  {
    title: 'Eligibility up front',
    text: 'Requirements are checked against every profile, so you see who qualifies and can invite them to apply.',
  },
  {
    title: 'Campaigns and analytics',
    text: 'Branded campaign pages bring candidates in; analytics show where they come from and how they progress.',
  },
  {
    title: 'Work as a team',
    text: 'Primary users run the organization; managers see the workspaces they look after and share applicants for feedback.',
  },
];

export default function EmployersPage() {
  const { viewer } = useSession();
  return (
    <Page
      title="Pathways for employers"
      subtitle="Reach students and graduates, screen them fairly and fill your jobs, bursaries and scholarships."
    >
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          mb: 5,
        }}
      >
        {features.map((feature) => (
          <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
              {feature.title}
            </Typography>
            <Typography color="text.secondary">{feature.text}</Typography>
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          href={`mailto:${env.supportEmail}?subject=${encodeURIComponent('Pathways for my organization')}`}
        >
          Talk to us
        </Button>
        {!viewer && (
          <Button component={RouterLink} to={paths.login} variant="outlined" size="large">
            Client log in
          </Button>
        )}
      </Box>
    </Page>
  );
}

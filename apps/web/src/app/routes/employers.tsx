import ArrowForward from '@mui/icons-material/ArrowForward';
import FactCheck from '@mui/icons-material/FactCheck';
import FolderZip from '@mui/icons-material/FolderZip';
import Insights from '@mui/icons-material/Insights';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import RateReview from '@mui/icons-material/RateReview';
import ViewKanban from '@mui/icons-material/ViewKanban';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';

import { FeatureGrid, type Feature } from '../../components/ui/feature-grid';
import { env } from '../../config/env';
import { useSession } from '../../lib/session/use-session';

const features: Feature[] = [
  {
    icon: <ViewKanban />,
    title: 'A screening pipeline in phases',
    text: 'Set the phases of each opportunity, from applied to offer. Move applicants one by one or many at a time, and regret those who do not go on with a message that is actually sent.',
  },
  {
    icon: <FactCheck />,
    title: 'Applicants ranked by eligibility',
    text: 'Your requirements (qualification, marks, subjects, citizenship, distance, languages and more) are checked against every profile, so the people who qualify come first and you see why the others do not.',
  },
  {
    icon: <PersonAddAlt1 />,
    title: 'Invite eligible candidates',
    text: 'Search the candidates who already meet your requirements, and invite them to apply before they have even found your opportunity.',
  },
  {
    icon: <RateReview />,
    title: 'Share applicants for feedback',
    text: 'Ask line managers and panel members what they think. They see only the applicants you share and answer in one place.',
  },
  {
    icon: <FolderZip />,
    title: 'Document bundles',
    text: "Request applicants' IDs, transcripts and certificates as one download, prepared in the background and ready when you are.",
  },
  {
    icon: <Insights />,
    title: 'Analytics',
    text: 'See where applicants come from, how eligible they are and how they move through your phases, by opportunity and by campaign.',
  },
];

const steps: { title: string; text: string }[] = [
  {
    title: 'Publish',
    text: 'Describe the opportunity, its locations and its requirements. A branded campaign page and a short link bring candidates in.',
  },
  {
    title: 'Match',
    text: 'Candidates keep one rich profile. Pathways checks it against your requirements and tells them what is missing.',
  },
  {
    title: 'Screen',
    text: 'Your team works the pipeline together, shares applicants for feedback and decides.',
  },
];

const contactHref = `mailto:${env.supportEmail}?subject=${encodeURIComponent('Pathways for my organization')}`;

/** /employers: what Pathways gives organizations, and how to start. */
export default function EmployersPage() {
  const { viewer } = useSession();
  const client = viewer?.role === 'client';

  const actions = (light: boolean) => (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        size="large"
        href={contactHref}
        startIcon={<EmailOutlined />}
        sx={
          light
            ? { bgcolor: '#fff', color: 'secondary.dark', '&:hover': { bgcolor: '#e0e7ff' } }
            : undefined
        }
      >
        Talk to us
      </Button>
      {client ? (
        <Button
          component={RouterLink}
          to={landingPath(viewer)}
          variant="outlined"
          size="large"
          color={light ? 'inherit' : 'primary'}
          endIcon={<ArrowForward />}
        >
          Go to my workspaces
        </Button>
      ) : viewer === null ? (
        <Button
          component={RouterLink}
          to={paths.login}
          variant="outlined"
          size="large"
          color={light ? 'inherit' : 'primary'}
        >
          Client log in
        </Button>
      ) : null}
    </Box>
  );

  return (
    <>
      <Box
        component="section"
        aria-labelledby="employers-heading"
        sx={{
          background: 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #dbeafe 100%)',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Box sx={{ maxWidth: 720 }}>
            <Typography
              component="p"
              sx={{ color: 'primary.dark', fontWeight: 700, letterSpacing: 0.5, mb: 1 }}
            >
              Pathways for employers
            </Typography>
            <Typography
              id="employers-heading"
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' }, mb: 2 }}
            >
              Find the students and graduates who qualify, and screen them fairly
            </Typography>
            <Typography
              sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, color: 'text.secondary', mb: 4 }}
            >
              Publish jobs, bursaries and scholarships, let Pathways check every applicant against
              your requirements, and work through them with your team in one clear pipeline.
            </Typography>
            {actions(false)}
          </Box>
        </Container>
      </Box>

      <FeatureGrid
        id="features-heading"
        heading="What your organization gets"
        features={features}
        columns={3}
      />

      <Box component="section" aria-labelledby="steps-heading" sx={{ bgcolor: 'background.paper' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
          <Typography id="steps-heading" variant="h2" sx={{ mb: 4 }}>
            How it works
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {steps.map((step, i) => (
              <Box component="li" key={step.title} sx={{ display: 'flex', gap: 2 }}>
                <Box
                  aria-hidden="true"
                  sx={{
                    flexShrink: 0,
                    width: 40,
                    height: 40,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'secondary.main',
                    color: '#fff',
                    fontWeight: 700,
                  }}
                >
                  {i + 1}
                </Box>
                <Box>
                  <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
                    {step.title}
                  </Typography>
                  <Typography color="text.secondary">{step.text}</Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>

      <Box
        component="section"
        aria-labelledby="contact-heading"
        sx={{ bgcolor: 'secondary.dark', color: '#fff' }}
      >
        <Container
          maxWidth="lg"
          sx={{
            py: { xs: 5, md: 6 },
            display: 'flex',
            flexWrap: 'wrap',
            gap: 3,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Box sx={{ maxWidth: 640 }}>
            <Typography id="contact-heading" variant="h2" sx={{ mb: 1 }}>
              Bring your organization to Pathways
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>
              Tell us about the opportunities you offer and we will set up your organization and its
              first users. Already a client? Log in to your workspaces.
            </Typography>
          </Box>
          {actions(true)}
        </Container>
      </Box>
    </>
  );
}

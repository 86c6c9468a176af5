import ArrowForward from '@mui/icons-material/ArrowForward';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import BadgeIcon from '@mui/icons-material/Badge';
import FactCheck from '@mui/icons-material/FactCheck';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { landingPath } from '@pathways/shared/auth/access';
import { paths } from '@pathways/shared/navigation/paths';

import { useSignupDialog } from '../../features/auth/hooks/use-signup-dialog';
import { FeatureGrid, type Feature } from '../../components/ui/feature-grid';
import { visuallyHidden } from '../../components/ui/visually-hidden';
import { useSession } from '../../lib/session/use-session';
import { useSavingData } from '../../lib/save-data';

const offers: Feature[] = [
  {
    icon: <BadgeIcon />,
    title: 'One profile',
    text: 'Add your studies, experience and documents once and use them for every application.',
  },
  {
    icon: <FactCheck />,
    title: 'See what you qualify for',
    text: 'Pathways matches your profile to each opportunity and tells you what is still missing.',
  },
  {
    icon: <TravelExplore />,
    title: 'Opportunities near you',
    text: 'Jobs, bursaries and scholarships from organizations across the country, by distance.',
  },
  {
    icon: <AssignmentTurnedIn />,
    title: 'Apply and keep track',
    text: 'Apply in a few taps, follow every application and work through your to-do list.',
  },
];

// Below the fold, so its code (cards, dates) loads after the first page has shown.
const FeaturedOpportunities = lazy(
  () => import('../../features/opportunities/components/featured-opportunities'),
);

/**
 * The featured opportunities, or, when the browser asks to save data, a button that fetches
 * them (their code, the list and its logos) only when pressed.
 */
function Featured() {
  const savingData = useSavingData();
  const [shown, setShown] = useState(() => !savingData);
  if (!shown) {
    return (
      <Container maxWidth="lg" sx={{ pt: { xs: 5, md: 8 } }}>
        <Button variant="outlined" onClick={() => setShown(true)}>
          Show featured opportunities
        </Button>
      </Container>
    );
  }
  return (
    <Suspense fallback={null}>
      <FeaturedOpportunities />
    </Suspense>
  );
}

/** Search from the home page: the words go to the opportunity search as `?search=`. */
function HomeSearch() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const words = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    void navigate(
      words
        ? `${paths.opportunities}?${new URLSearchParams({ search: words })}`
        : paths.opportunities,
    );
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Search opportunities"
      onSubmit={submit}
      sx={{
        display: 'flex',
        gap: 1,
        mb: 3,
        p: 0.75,
        maxWidth: 600,
        bgcolor: '#fff',
        borderRadius: 2,
        boxShadow: 2,
      }}
    >
      <Box component="label" htmlFor="home-search" sx={visuallyHidden}>
        Search jobs, bursaries and scholarships
      </Box>
      <Box
        component="input"
        id="home-search"
        name="search"
        type="search"
        maxLength={100}
        placeholder="Search jobs, bursaries and scholarships"
        sx={{
          flex: 1,
          minWidth: 0,
          border: 0,
          px: 1.5,
          font: 'inherit',
          fontSize: '1rem',
          bgcolor: 'transparent',
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            borderRadius: 1,
          },
        }}
      />
      <Button type="submit" variant="contained">
        Search
      </Button>
    </Box>
  );
}

export default function HomePage() {
  const { viewer } = useSession();
  const signup = useSignupDialog();

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-heading"
        sx={{
          background: 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 55%, #dbeafe 100%)',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Box sx={{ maxWidth: 680 }}>
            <Typography
              id="home-heading"
              variant="h1"
              sx={{ fontSize: { xs: '2.1rem', sm: '2.75rem', md: '3.25rem' }, mb: 2 }}
            >
              Find the jobs, bursaries and scholarships you qualify for
            </Typography>
            <Typography
              sx={{ fontSize: { xs: '1.05rem', md: '1.25rem' }, color: 'text.secondary', mb: 4 }}
            >
              Build one profile, see at once where you meet the requirements, and apply to
              organizations that are looking for people like you.
            </Typography>
            <HomeSearch />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              {viewer ? (
                <Button
                  component={RouterLink}
                  to={landingPath(viewer)}
                  variant="contained"
                  size="large"
                  endIcon={<ArrowForward />}
                >
                  Go to my dashboard
                </Button>
              ) : (
                <>
                  <Button variant="contained" size="large" onClick={signup.open}>
                    Sign up, it's free
                  </Button>
                  <Button component={RouterLink} to={paths.login} variant="outlined" size="large">
                    Log in
                  </Button>
                </>
              )}
              <Button
                component={RouterLink}
                to={paths.opportunities}
                size="large"
                color="secondary"
                endIcon={<ArrowForward />}
              >
                Browse opportunities
              </Button>
            </Box>
          </Box>
        </Container>
      </Box>

      <Featured />

      <FeatureGrid
        id="offers-heading"
        heading="What Pathways offers"
        features={offers}
        columns={4}
      />

      <Box
        component="section"
        aria-labelledby="employers-heading"
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
            <Typography id="employers-heading" variant="h2" sx={{ mb: 1 }}>
              Offering jobs or bursaries?
            </Typography>
            <Typography sx={{ opacity: 0.9 }}>
              Screen applicants in a clear pipeline, invite candidates who qualify and see your
              campaigns at a glance.
            </Typography>
          </Box>
          <Button
            component={RouterLink}
            to={paths.employers}
            variant="contained"
            size="large"
            sx={{ bgcolor: '#fff', color: 'secondary.dark', '&:hover': { bgcolor: '#e0e7ff' } }}
          >
            Pathways for employers
          </Button>
        </Container>
      </Box>
    </>
  );
}

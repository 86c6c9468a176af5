import Api from '@mui/icons-material/Api';
import Assignment from '@mui/icons-material/Assignment';
import BarChart from '@mui/icons-material/BarChart';
import Business from '@mui/icons-material/Business';
import Campaign from '@mui/icons-material/Campaign';
import Description from '@mui/icons-material/Description';
import FolderShared from '@mui/icons-material/FolderShared';
import Forum from '@mui/icons-material/Forum';
import Group from '@mui/icons-material/Group';
import Person from '@mui/icons-material/Person';
import PersonSearch from '@mui/icons-material/PersonSearch';
import Search from '@mui/icons-material/Search';
import Settings from '@mui/icons-material/Settings';
import Work from '@mui/icons-material/Work';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import type { ReactNode } from 'react';

const icons: Record<string, ReactNode> = {
  opportunities: <Search />,
  profile: <Person />,
  documents: <Description />,
  applications: <Assignment />,
  messages: <Forum />,
  settings: <Settings />,
  candidateSearch: <PersonSearch />,
  sharedWithMe: <FolderShared />,
  workspaces: <Work />,
  campaigns: <Campaign />,
  analytics: <BarChart />,
  employerPage: <Business />,
  managers: <Group />,
  integrations: <Api />,
};

export const drawerIcon = (key: string): ReactNode => icons[key] ?? <WorkOutlined />;

import type { ComponentType } from 'react';

import type { WorkspaceOpportunity } from '@pathways/shared/workspaces/workspaces.schemas';

import { PhasesTab, RequirementsTab, ScreeningQuestionsTab } from '../../pipeline';

import { DetailsTab } from './details-tab';
import { ManagersTab } from './managers-tab';
import { PlacesTab } from './places-tab';

export interface WorkspaceTab {
  /** In the URL: `?tab=details`. */
  key: string;
  label: string;
  Panel: ComponentType<{ opportunity: WorkspaceOpportunity }>;
}

/** The tabs of a workspace page, in order; the first is shown when the URL names none. */
export const workspaceTabs: WorkspaceTab[] = [
  { key: 'details', label: 'Details', Panel: DetailsTab },
  { key: 'places', label: 'Places', Panel: PlacesTab },
  { key: 'managers', label: 'Managers', Panel: ManagersTab },
  {
    key: 'phases',
    label: 'Phases',
    Panel: ({ opportunity }) => <PhasesTab opportunityId={opportunity.id} />,
  },
  {
    key: 'requirements',
    label: 'Requirements',
    Panel: ({ opportunity }) => <RequirementsTab opportunityId={opportunity.id} />,
  },
  {
    key: 'screening-questions',
    label: 'Screening questions',
    Panel: ({ opportunity }) => <ScreeningQuestionsTab opportunityId={opportunity.id} />,
  },
];

import type { Interview } from '@pathways/shared/interviews/interviews.schemas';
import type { WorkspaceOpportunity } from '@pathways/shared/workspaces/workspaces.schemas';

import { workspaceOpportunity } from '../../../testing/workspace-fixture';

// Hand-written answers of the API for the interview screens' tests.

export const workspace: WorkspaceOpportunity = workspaceOpportunity({
  locations: workspaceOpportunity().locations.slice(0, 1),
  organization: { id: 1, name: 'Indlovu Bank', logo: null },
});

export const managers = {
  items: [
    {
      id: 2,
      firstName: 'Lerato',
      lastName: 'Dube',
      email: 'lerato@demo.test',
      primary: true,
      manager: false,
    },
    {
      id: 3,
      firstName: 'Sipho',
      lastName: 'Dlamini',
      email: 'sipho@demo.test',
      primary: false,
      manager: true,
    },
    {
      id: 4,
      firstName: 'Zanele',
      lastName: 'Khumalo',
      email: 'zanele@demo.test',
      primary: false,
      manager: false,
    },
  ],
};

export const interview = (overrides: Partial<Interview> = {}): Interview => ({
  id: 9,
  applicationId: 40,
  opportunity: { id: 7, name: 'Graduate Programme: Technology' },
  candidate: { firstName: 'Thandi', lastName: 'Mokoena' },
  status: 'scheduled',
  startsAt: '2099-12-10T08:00:00.000Z',
  endsAt: '2099-12-10T08:45:00.000Z',
  durationMinutes: 45,
  place: { kind: 'video', label: 'Video call', url: 'https://meet.example.test/room' },
  sequence: 0,
  interviewers: [
    { id: 101, name: 'Lerato Dube', email: 'lerato@demo.test', hasAccount: true, submitted: false },
    { id: 102, name: 'Pat Outside', email: 'pat@example.com', hasAccount: false, submitted: true },
  ],
  scorecards: [],
  ...overrides,
});

import type * as s from '../../db/schema/index.ts';
import type { OpportunitySeed, Window } from '../data/organizations.ts';
import type { NameGroup } from '../data/people.ts';

export type UserInsert = typeof s.users.$inferInsert;
export type ProfileInsert = typeof s.candidateProfiles.$inferInsert;
export type ProfileQualificationInsert = typeof s.profileQualifications.$inferInsert;
export type ApplicationInsert = typeof s.applications.$inferInsert;
export type Gender = 'female' | 'male';
export type Tier = 'complete' | 'partial' | 'sparse';

/** An inserted opportunity and what the rest of the demo needs to know of it. */
export interface OpportunityInfo {
  id: number;
  organizationIndex: number;
  organizationId: number;
  seed: OpportunitySeed;
  window: Window;
  opensAt: Date | null;
  closesAt: Date | null;
  locations: { id: number; latitude: number; longitude: number }[];
  phaseIds: number[];
  phaseNames: string[];
  requirements: { id: number; kind: string }[];
  questionIds: number[];
  campaignId?: number;
}

export interface QualificationPlan {
  row: Omit<ProfileQualificationInsert, 'profileId'>;
  disciplineIds: number[];
  components: { componentId: number; mark: number }[];
  nqfLevel: number;
}

export interface ApplicationPlan {
  opportunity: OpportunityInfo;
  createdAt: Date;
  step: number;
  stepTimes: Date[];
  regrettedAt: Date | null;
  archivedAt: Date | null;
  rating: number | null;
  locationIds: number[];
  campaignId: number | null;
  answered: boolean;
  eligible: boolean;
}

export interface CandidatePlan {
  email: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  group: NameGroup;
  tier: Tier;
  demo?: 'thandi' | 'sipho';
  user: Omit<UserInsert, 'email' | 'passwordHash' | 'role'>;
  profile: Omit<ProfileInsert, 'userId'>;
  qualifications: QualificationPlan[];
  experiences: Omit<typeof s.experiences.$inferInsert, 'profileId'>[];
  achievements: Omit<typeof s.achievements.$inferInsert, 'profileId'>[];
  affiliations: Omit<typeof s.affiliations.$inferInsert, 'profileId'>[];
  languages: Omit<typeof s.languageProficiencies.$inferInsert, 'profileId'>[];
  rights: {
    countryCode: string;
    kind: 'citizen' | 'permanent_resident' | 'permit' | 'visa';
    validUntil: string | null;
  }[];
  assessments: Omit<typeof s.assessmentResults.$inferInsert, 'profileId'>[];
  applications: ApplicationPlan[];
}

/** An inserted application with the candidate and the plan it came from. */
export interface DemoApplication {
  candidate: CandidatePlan;
  candidateId: number;
  plan: ApplicationPlan;
  id: number;
}

/** A client user or admin of the demo, with the ids of the opportunities it manages. */
export interface StaffMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'client' | 'admin';
  primary: boolean;
  organizationIndex?: number;
  jobTitle?: string;
  manages?: number[];
}

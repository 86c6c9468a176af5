import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { DocumentKind } from '../documents/documents.schemas.ts';
import {
  computeActionItems,
  emptyProfileFacts,
  groupActionItems,
  isSchoolQualification,
  profileCompletion,
  profileRules,
  type ActionItemsSnapshot,
  type ApplicationFacts,
  type ProfileFacts,
  type QualificationFacts,
} from './action-items.rules.ts';
import { actionItem, actionKinds, actionLabels, type ActionItem } from './action-items.schemas.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

const nsc = (over: Partial<QualificationFacts> = {}): QualificationFacts => ({
  id: 1,
  status: null,
  startsAt: '2020-01-15',
  endsAt: '2020-11-30',
  institutionKind: 'school',
  typeName: 'National Senior Certificate',
  categoryName: 'Schooling',
  componentCount: 7,
  ...over,
});

const degree = (over: Partial<QualificationFacts> = {}): QualificationFacts => ({
  id: 2,
  status: null,
  startsAt: '2024-02-01',
  endsAt: '2026-12-10',
  institutionKind: 'university',
  typeName: "Bachelor's Degree",
  categoryName: 'Science',
  componentCount: 0,
  ...over,
});

const completeProfile: ProfileFacts = {
  countryOfBirth: 'ZA',
  identification: '8001015009087',
  bornAt: '2005-03-14',
  gender: 'female',
  ethnicity: 'african',
  disability: false,
  biography: 'Final-year student.',
  mobileNumber: '+27 82 555 0142',
  latitude: -33.95,
  longitude: 18.47,
  errors: {},
  experienceCount: 2,
  assessmentCount: 0,
  qualifications: [nsc(), degree()],
};

const allDocuments: DocumentKind[] = [
  'identity_document',
  'transcript',
  'high_school_certificate',
  'proof_of_registration',
];

function snapshot(over: Partial<ActionItemsSnapshot> = {}): ActionItemsSnapshot {
  return {
    now: NOW,
    avatar: 'avatars/1.webp',
    profile: completeProfile,
    user: {
      confirmationSentAt: '2025-01-01T00:00:00Z',
      confirmedAt: '2025-01-01T01:00:00Z',
      isSuspended: false,
    },
    documentKinds: new Set(allDocuments),
    applications: [],
    ...over,
  };
}

const withProfile = (over: Partial<ProfileFacts>) =>
  snapshot({ profile: { ...completeProfile, ...over } });

const application = (over: Partial<ApplicationFacts> = {}): ApplicationFacts => ({
  id: 42,
  opportunity: { id: 7, name: 'Graduate Programme: Technology', kind: 'job' },
  unansweredRequiredQuestions: 0,
  financialSurveySubmitted: false,
  ...over,
});

const types = (items: ActionItem[]) => items.map((i) => i.type);

describe('labels', () => {
  it('has the 18 labels of the to-do list word for word', () => {
    const spec = {
      'assessment or high school subjects': 'Complete an assessment or Add high school subjects',
      avatar: 'Upload a profile image',
      biography: 'Introduce yourself',
      disability: 'Add your disability status',
      'email confirmation': 'Verify your email address',
      ethnicity: 'Add your ethnicity',
      experience: 'Add work or volunteering experience',
      'financial survey': 'Submit financial needs survey',
      'profile irregularity': 'Fix profile irregularity',
      gender: 'Add your gender',
      'identity document': 'Upload your identity document',
      location: 'Add your location',
      mobile: 'Add your contact number',
      'study programme (profile qualification)': 'Add a study programme',
      'proof of registration': 'Add a proof of registration',
      'screening-question submission': 'Submit answers to screening questions',
      transcript: 'Upload transcript',
      'high school certificate': 'Upload high school certificate',
    };
    const labels = Object.values(actionLabels);
    for (const label of Object.values(spec)) expect(labels).toContain(label);
    expect(actionKinds).toHaveLength(20);
  });
});

describe('computeActionItems', () => {
  it('has nothing to do for a complete, confirmed candidate with every document', () => {
    expect(computeActionItems(snapshot())).toEqual([]);
    expect(profileCompletion(snapshot())).toEqual({ percentage: 100, missing: [] });
  });

  it('asks an empty new candidate for everything about the profile, most urgent first', () => {
    const items = computeActionItems(
      snapshot({ profile: emptyProfileFacts, avatar: null, documentKinds: new Set() }),
    );
    expect(types(items)).toEqual([
      'profile.identification',
      'documents.identity_document',
      'profile.profile_qualification',
      'profile.high_school_subjects',
      'profile.location',
      'profile.mobile',
      'profile.date_of_birth',
      'profile.biography',
      'profile.experience',
      'profile.gender',
      'profile.ethnicity',
      'profile.disability',
      'profile.avatar',
    ]);
    for (const i of items) {
      expect(actionItem.parse(i)).toEqual(i);
      expect(i.label).toBe(actionLabels[i.kind]);
      expect(i.opportunityApplication).toBeNull();
      expect(i.id).toBe(i.type);
    }
    expect(profileCompletion(snapshot({ profile: emptyProfileFacts, avatar: null }))).toMatchObject(
      { percentage: 0 },
    );
  });

  it.each<[string, Partial<ProfileFacts>, string]>([
    ['profile.identification', { identification: null }, '/candidate/profile#identification'],
    ['profile.identification', { countryOfBirth: null }, '/candidate/profile#countryOfBirth'],
    ['profile.identification', { identification: '  ' }, '/candidate/profile#identification'],
    ['profile.date_of_birth', { bornAt: null }, '/candidate/profile#bornAt'],
    ['profile.biography', { biography: '' }, '/candidate/profile#biography'],
    ['profile.gender', { gender: null }, '/candidate/profile#gender'],
    ['profile.ethnicity', { ethnicity: null }, '/candidate/profile#ethnicity'],
    ['profile.disability', { disability: null }, '/candidate/profile#disability'],
    ['profile.mobile', { mobileNumber: null }, '/candidate/profile#mobileNumber'],
    ['profile.location', { latitude: null, longitude: null }, '/candidate/profile#location'],
    ['profile.experience', { experienceCount: 0 }, '/candidate/profile#experiences'],
  ])('%s while %j, resolved at %s', (type, over, path) => {
    const items = computeActionItems(withProfile(over));
    expect(types(items)).toEqual([type]);
    expect(items[0]!.resolutionPath).toBe(path);
  });

  it('keeps a disability answer of "no" as answered', () => {
    expect(computeActionItems(withProfile({ disability: false }))).toEqual([]);
    expect(computeActionItems(withProfile({ disability: true }))).toEqual([]);
  });

  it('asks for a profile image at the picture upload beside the profile', () => {
    const items = computeActionItems(snapshot({ avatar: null }));
    expect(items).toEqual([
      expect.objectContaining({
        id: 'profile.avatar',
        kind: 'avatar',
        label: 'Upload a profile image',
        resolutionPath: '/candidate/profile#avatar',
        critical: false,
      }),
    ]);
  });

  describe('study programme and high school subjects', () => {
    it('asks for a study programme when only school qualifications exist', () => {
      const items = computeActionItems(withProfile({ qualifications: [nsc()] }));
      expect(types(items)).toEqual(['profile.profile_qualification']);
      expect(items[0]!.resolutionPath).toBe('/candidate/profile#profileQualifications');
    });

    it('asks for the subjects of the exact school qualification that has none', () => {
      const items = computeActionItems(
        withProfile({ qualifications: [nsc({ id: 9, componentCount: 0 }), degree()] }),
      );
      expect(types(items)).toEqual(['profile.high_school_subjects']);
      expect(items[0]).toMatchObject({
        label: 'Complete an assessment or Add high school subjects',
        resolutionPath: '/candidate/profile#profile-qualification-9',
      });
      expect(items[0]!.description).toContain('National Senior Certificate');
    });

    it('asks for high school subjects when there is no school qualification', () => {
      const items = computeActionItems(withProfile({ qualifications: [degree()] }));
      expect(types(items)).toEqual(['profile.high_school_subjects']);
      expect(items[0]!.resolutionPath).toBe('/candidate/profile#profileQualifications');
    });

    it('counts an assessment instead of high school subjects', () => {
      const profile = {
        qualifications: [degree(), nsc({ componentCount: 0 })],
        assessmentCount: 4,
      };
      expect(computeActionItems(withProfile(profile))).toEqual([]);
    });

    it('recognises school qualifications by institution, category or type', () => {
      const none = { institutionKind: null, typeName: null, categoryName: null };
      expect(isSchoolQualification({ ...none, institutionKind: 'school' })).toBe(true);
      expect(isSchoolQualification({ ...none, categoryName: 'Schooling' })).toBe(true);
      expect(isSchoolQualification({ ...none, typeName: 'National Senior Certificate' })).toBe(
        true,
      );
      expect(isSchoolQualification({ ...none, typeName: 'Matric' })).toBe(true);
      expect(isSchoolQualification(none)).toBe(false);
      expect(
        isSchoolQualification({
          institutionKind: 'tvet_college',
          typeName: 'National Certificate (Vocational)',
          categoryName: 'Engineering',
        }),
      ).toBe(false);
    });
  });

  describe('documents', () => {
    const without = (...kinds: DocumentKind[]) =>
      new Set(allDocuments.filter((k) => !kinds.includes(k)));

    it('always asks for the identity document, as critical', () => {
      const items = computeActionItems(snapshot({ documentKinds: without('identity_document') }));
      expect(items).toEqual([
        expect.objectContaining({
          id: 'documents.identity_document',
          kind: 'identity_document',
          priority: 7,
          critical: true,
          resolutionPath: '/candidate/documents?kind=identity_document',
        }),
      ]);
    });

    it('asks for a proof of registration only while a study programme is current', () => {
      const docs = without('proof_of_registration');
      expect(types(computeActionItems(snapshot({ documentKinds: docs })))).toEqual([
        'documents.proof_of_registration',
      ]);
      const finished = withProfile({ qualifications: [nsc(), degree({ endsAt: '2025-12-01' })] });
      expect(computeActionItems({ ...finished, documentKinds: docs })).toEqual([]);
      const chosen = withProfile({ qualifications: [nsc(), degree({ status: 'completed' })] });
      expect(computeActionItems({ ...chosen, documentKinds: docs })).toEqual([]);
      // A current school year is no study programme.
      const school = withProfile({
        qualifications: [
          nsc({ startsAt: '2026-01-10', endsAt: '2026-11-30' }),
          degree({ status: 'intended' }),
        ],
      });
      expect(computeActionItems({ ...school, documentKinds: docs })).toEqual([]);
    });

    it('asks for a transcript for a current or completed programme, not an intended one', () => {
      const docs = without('transcript');
      expect(types(computeActionItems(snapshot({ documentKinds: docs })))).toEqual([
        'documents.transcript',
      ]);
      const done = withProfile({ qualifications: [nsc(), degree({ status: 'completed' })] });
      expect(types(computeActionItems({ ...done, documentKinds: docs }))).toEqual([
        'documents.transcript',
      ]);
      const intended = withProfile({
        qualifications: [nsc(), degree({ startsAt: '2027-02-01', endsAt: '2029-12-01' })],
      });
      expect(computeActionItems({ ...intended, documentKinds: docs })).toEqual([]);
    });

    it('asks for the high school certificate once school is completed', () => {
      const docs = without('high_school_certificate');
      const item0 = computeActionItems(snapshot({ documentKinds: docs }));
      expect(item0).toEqual([
        expect.objectContaining({
          type: 'documents.high_school_certificate',
          label: 'Upload high school certificate',
          resolutionPath: '/candidate/documents?kind=high_school_certificate',
        }),
      ]);
      const inMatric = withProfile({
        qualifications: [nsc({ startsAt: '2026-01-10', endsAt: '2026-11-30' }), degree()],
      });
      expect(computeActionItems({ ...inMatric, documentKinds: docs })).toEqual([]);
    });
  });

  describe('account', () => {
    it('asks to verify the e-mail while a link is pending or expired', () => {
      const pending = computeActionItems(
        snapshot({
          user: {
            confirmationSentAt: '2026-06-15T09:00:00Z',
            confirmedAt: null,
            isSuspended: false,
          },
        }),
      );
      expect(pending).toEqual([
        expect.objectContaining({
          id: 'account.email_confirmation',
          label: 'Verify your email address',
          priority: 9,
          critical: true,
          resolutionPath: '/candidate/account',
        }),
      ]);
      const expired = computeActionItems(
        snapshot({
          user: {
            confirmationSentAt: '2026-06-01T09:00:00Z',
            confirmedAt: null,
            isSuspended: false,
          },
        }),
      );
      expect(expired[0]!.description).toMatch(/expired/);
      const neverSent = computeActionItems(
        snapshot({ user: { confirmationSentAt: null, confirmedAt: null, isSuspended: false } }),
      );
      expect(neverSent).toEqual([]);
    });

    it('reports a profile irregularity for server errors, leading to the first field', () => {
      const items = computeActionItems(
        withProfile({ errors: { identification: ['must be a valid identification'] } }),
      );
      expect(items).toEqual([
        expect.objectContaining({
          type: 'account.profile_irregularity',
          label: 'Fix profile irregularity',
          priority: 10,
          critical: true,
          resolutionPath: '/candidate/profile#identification',
        }),
      ]);
      expect(items[0]!.description).toBe(
        'Correct your profile: ID number must be a valid identification.',
      );
    });

    it('ignores empty error lists', () => {
      expect(computeActionItems(withProfile({ errors: { identification: [] } }))).toEqual([]);
    });

    it('asks to correct each flagged section, critical, leading to that section', () => {
      const items = computeActionItems(
        snapshot({
          flaggedSections: [
            { section: 'qualifications', reason: 'The degree dates do not match the transcript' },
            { section: 'documents', reason: 'The ID copy is unreadable' },
          ],
        }),
      );
      expect(items).toEqual([
        expect.objectContaining({
          id: 'account.profile_irregularity.qualifications',
          type: 'account.profile_irregularity',
          label: 'Fix profile irregularity',
          priority: 10,
          critical: true,
          resolutionPath: '/candidate/profile#profileQualifications',
        }),
        expect.objectContaining({
          id: 'account.profile_irregularity.documents',
          critical: true,
          resolutionPath: '/candidate/documents',
        }),
      ]);
      expect(items[0]!.description).toBe(
        'An organization you applied to asked you to correct your qualifications: "The degree dates do not match the transcript". Your applications show as reported until you do.',
      );
      for (const item of items) expect(actionItem.parse(item)).toEqual(item);
    });

    it('has nothing to correct when no section is flagged', () => {
      expect(computeActionItems(snapshot({ flaggedSections: [] }))).toEqual([]);
    });

    it('reports a profile irregularity for a suspended candidate', () => {
      const items = computeActionItems(
        snapshot({ user: { ...snapshot().user, isSuspended: true } }),
      );
      expect(types(items)).toEqual(['account.profile_irregularity']);
      expect(items[0]!.description).toMatch(/reported for irregularities/);
      expect(items[0]!.resolutionPath).toBe('/candidate/profile');
    });
  });

  describe('applications', () => {
    it('asks for unanswered screening questions, tied to the application', () => {
      const items = computeActionItems(
        snapshot({ applications: [application({ unansweredRequiredQuestions: 2 })] }),
      );
      expect(items).toEqual([
        {
          id: 'application.42.screening_questions',
          type: 'application.screening_questions',
          kind: 'screening_questions',
          label: 'Submit answers to screening questions',
          description:
            'Answer the screening questions of Graduate Programme: Technology to complete your application.',
          priority: 7,
          critical: true,
          resolutionPath: '/candidate/opportunities/7/apply',
          opportunityApplication: {
            id: 42,
            opportunity: { id: 7, name: 'Graduate Programme: Technology' },
          },
        },
      ]);
    });

    it('asks for the financial survey of bursary applications only, until submitted', () => {
      const bursary = application({
        id: 5,
        opportunity: { id: 3, name: 'Engineering and ICT Bursary', kind: 'bursary' },
      });
      const items = computeActionItems(
        snapshot({
          applications: [
            bursary,
            application({ id: 6, opportunity: { id: 4, name: 'Merit', kind: 'scholarship' } }),
            application({ id: 8 }),
          ],
        }),
      );
      expect(items).toEqual([
        expect.objectContaining({
          id: 'application.5.financial_survey',
          type: 'application.financial_survey',
          label: 'Submit financial needs survey',
          priority: 6,
          resolutionPath: '/candidate/applications/5#financial-survey',
        }),
      ]);
      const submitted = { ...bursary, financialSurveySubmitted: true };
      expect(computeActionItems(snapshot({ applications: [submitted] }))).toEqual([]);
    });

    it('gives each application its own item ids', () => {
      const items = computeActionItems(
        snapshot({
          applications: [
            application({ id: 1, unansweredRequiredQuestions: 1 }),
            application({ id: 2, unansweredRequiredQuestions: 1 }),
          ],
        }),
      );
      expect(items.map((i) => i.id)).toEqual([
        'application.1.screening_questions',
        'application.2.screening_questions',
      ]);
    });
  });
});

describe('groupActionItems', () => {
  it('puts General first, then the opportunities by name', () => {
    const items = computeActionItems(
      snapshot({
        avatar: null,
        applications: [
          application({
            id: 1,
            opportunity: { id: 10, name: 'Zebra Bursary', kind: 'bursary' },
          }),
          application({
            id: 2,
            unansweredRequiredQuestions: 1,
            opportunity: { id: 11, name: 'Accounting Trainee', kind: 'job' },
          }),
        ],
      }),
    );
    const groups = groupActionItems(items);
    expect(groups.map((g) => [g.key, g.name, types(g.items)])).toEqual([
      ['general', 'General', ['profile.avatar']],
      ['opportunity-11', 'Accounting Trainee', ['application.screening_questions']],
      ['opportunity-10', 'Zebra Bursary', ['application.financial_survey']],
    ]);
    expect(groups[1]!.opportunity).toEqual({ id: 11, name: 'Accounting Trainee' });
    expect(groups[0]!.opportunity).toBeNull();
  });

  it('has no groups when there is nothing to do, and no General group without general items', () => {
    expect(groupActionItems([])).toEqual([]);
    const items = computeActionItems(
      snapshot({ applications: [application({ unansweredRequiredQuestions: 1 })] }),
    );
    expect(groupActionItems(items).map((g) => g.name)).toEqual(['Graduate Programme: Technology']);
  });

  it('keeps two opportunities of the same name apart', () => {
    const items = computeActionItems(
      snapshot({
        applications: [
          application({
            id: 1,
            unansweredRequiredQuestions: 1,
            opportunity: { id: 2, name: 'Intern', kind: 'job' },
          }),
          application({
            id: 3,
            unansweredRequiredQuestions: 1,
            opportunity: { id: 1, name: 'Intern', kind: 'job' },
          }),
        ],
      }),
    );
    expect(groupActionItems(items).map((g) => g.key)).toEqual(['opportunity-1', 'opportunity-2']);
  });
});

describe('profileCompletion', () => {
  it('lists what is missing with labels and paths, most urgent first', () => {
    const completion = profileCompletion(
      snapshot({ profile: { ...completeProfile, biography: null, bornAt: null }, avatar: null }),
    );
    expect(completion.percentage).toBe(
      Math.round((100 * (profileRules.length - 3)) / profileRules.length),
    );
    expect(completion.missing).toEqual([
      {
        type: 'profile.date_of_birth',
        kind: 'date_of_birth',
        label: 'Add your date of birth',
        resolutionPath: '/candidate/profile#bornAt',
      },
      {
        type: 'profile.biography',
        kind: 'biography',
        label: 'Introduce yourself',
        resolutionPath: '/candidate/profile#biography',
      },
      {
        type: 'profile.avatar',
        kind: 'avatar',
        label: 'Upload a profile image',
        resolutionPath: '/candidate/profile#avatar',
      },
    ]);
  });

  const optional = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
  const qualification = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    status: optional(
      fc.constantFrom('completed', 'current', 'intended') as fc.Arbitrary<
        'completed' | 'current' | 'intended'
      >,
    ),
    startsAt: optional(fc.constantFrom('2019-01-01', '2026-02-01', '2027-01-01')),
    endsAt: optional(fc.constantFrom('2019-12-01', '2026-12-01', '2030-01-01')),
    institutionKind: optional(fc.constantFrom('school', 'university', 'tvet_college')),
    typeName: optional(fc.constantFrom('National Senior Certificate', 'Diploma')),
    categoryName: optional(fc.constantFrom('Schooling', 'Science')),
    componentCount: fc.nat(8),
  });
  const profileFacts: fc.Arbitrary<ProfileFacts> = fc.record({
    countryOfBirth: optional(fc.constantFrom('ZA', 'NG')),
    identification: optional(fc.constantFrom('8001015009087', 'A12345678', '')),
    bornAt: optional(fc.constant('2001-01-01')),
    gender: optional(fc.constant('male')),
    ethnicity: optional(fc.constant('indian')),
    disability: optional(fc.boolean()),
    biography: optional(fc.constantFrom('', 'Hello')),
    mobileNumber: optional(fc.constant('0825550142')),
    latitude: optional(fc.constant(-26.2)),
    longitude: optional(fc.constant(28.04)),
    errors: fc.constantFrom<Record<string, string[]>>(
      {},
      { identification: ['must be a valid identification'] },
    ),
    experienceCount: fc.nat(3),
    assessmentCount: fc.nat(2),
    qualifications: fc.array(qualification, { maxLength: 4 }),
  });
  const anySnapshot: fc.Arbitrary<ActionItemsSnapshot> = fc.record({
    now: fc.constant(NOW),
    avatar: optional(fc.constant('a.webp')),
    profile: profileFacts,
    user: fc.record({
      confirmationSentAt: optional(fc.constant('2026-06-15T00:00:00Z')),
      confirmedAt: optional(fc.constant('2026-06-15T01:00:00Z')),
      isSuspended: fc.boolean(),
    }),
    documentKinds: fc.subarray(allDocuments).map((kinds) => new Set(kinds)),
    applications: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 10_000 }),
        opportunity: fc.record({
          id: fc.integer({ min: 1, max: 50 }),
          name: fc.constantFrom('A', 'B', 'C'),
          kind: fc.constantFrom('job', 'bursary', 'scholarship') as fc.Arbitrary<
            'job' | 'bursary' | 'scholarship'
          >,
        }),
        unansweredRequiredQuestions: fc.nat(3),
        financialSurveySubmitted: fc.boolean(),
      }),
      { maxLength: 4, selector: (a) => a.id },
    ),
  });

  it('agrees with the profile items of the to-do list for any snapshot', () => {
    fc.assert(
      fc.property(anySnapshot, (s) => {
        const items = computeActionItems(s);
        const completion = profileCompletion(s);
        const profileTypes = items.filter((i) => i.type.startsWith('profile.')).map((i) => i.type);
        expect(completion.missing.map((m) => m.type).sort()).toEqual([...profileTypes].sort());
        const met = profileRules.length - profileTypes.length;
        expect(completion.percentage).toBe(Math.round((100 * met) / profileRules.length));
      }),
    );
  });

  it('produces valid, sorted items with unique ids and the known labels for any snapshot', () => {
    fc.assert(
      fc.property(anySnapshot, (s) => {
        const items = computeActionItems(s);
        const ids = items.map((i) => i.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (let k = 1; k < items.length; k++) {
          expect(items[k - 1]!.priority).toBeGreaterThanOrEqual(items[k]!.priority);
        }
        for (const i of items) {
          expect(actionItem.safeParse(i).success).toBe(true);
          expect(i.label).toBe(actionLabels[i.kind]);
          expect(i.critical).toBe(i.priority > 5);
          expect(i.type.endsWith(`.${i.kind}`)).toBe(true);
          expect(i.resolutionPath.startsWith('/candidate/')).toBe(true);
          expect(i.opportunityApplication === null).toBe(!i.type.startsWith('application.'));
        }
        const groups = groupActionItems(items);
        expect(groups.flatMap((g) => g.items)).toHaveLength(items.length);
        const general = groups.findIndex((g) => g.name === 'General');
        expect(general === -1 || general === 0).toBe(true);
      }),
    );
  });

  it('never goes down when a missing profile fact is filled in', () => {
    fc.assert(
      fc.property(anySnapshot, (s) => {
        const before = profileCompletion(s).percentage;
        const filled = profileCompletion({ ...s, profile: { ...s.profile, biography: 'Hi' } });
        expect(filled.percentage).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});

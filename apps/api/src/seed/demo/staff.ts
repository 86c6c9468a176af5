import { organizationSeeds } from '../data/organizations.ts';
import { namePools } from '../data/people.ts';
import * as s from '../../db/schema/index.ts';
import { insertAll, insertIds } from '../insert.ts';
import { must, emailPart, type DemoContext } from './context.ts';
import type { OpportunityInfo, StaffMember } from './plans.ts';

/** The demo login of the primary user of the second organization. */
export const OTHER_CLIENT_EMAIL = 'other-client@demo.test';

/** Client users of every organization (with the opportunities they manage) and the admin. */
export async function insertStaff(
  ctx: DemoContext,
  organizationIds: number[],
  opportunities: OpportunityInfo[],
) {
  const { db, rng, at, passwordHash } = ctx;
  type StaffPlan = Omit<StaffMember, 'id'>;
  const indlovu = opportunities.filter((o) => o.organizationIndex === 0);
  const staff: StaffPlan[] = [
    {
      email: 'client@demo.test',
      firstName: 'Nomsa',
      lastName: 'Khumalo',
      role: 'client',
      primary: true,
      organizationIndex: 0,
      jobTitle: 'Head of Talent Acquisition',
    },
    {
      email: 'manager@demo.test',
      firstName: 'Pieter',
      lastName: 'van der Merwe',
      role: 'client',
      primary: false,
      organizationIndex: 0,
      jobTitle: 'Graduate Programme Manager',
      manages: indlovu
        .filter((o) =>
          [
            'Graduate Programme: Technology',
            'Graduate Programme: Finance and Risk',
            'Data Analyst Internship',
          ].includes(o.seed.name),
        )
        .map((o) => o.id),
    },
    {
      email: 'viewer@demo.test',
      firstName: 'Ayesha',
      lastName: 'Patel',
      role: 'client',
      primary: false,
      organizationIndex: 0,
      jobTitle: 'Technology Team Lead',
    },
    {
      email: 'admin@demo.test',
      firstName: 'Lerato',
      lastName: 'Molefe',
      role: 'admin',
      primary: false,
    },
  ];
  const staffNames = namePools.african;
  const staffEmails = new Set(staff.map((p) => p.email));
  organizationSeeds.forEach((o, organizationIndex) => {
    const domain = new URL(o.website).hostname;
    const orgOpportunities = opportunities.filter(
      (op) => op.organizationIndex === organizationIndex,
    );
    const people = organizationIndex === 0 ? 1 : 3;
    for (let k = 0; k < people; k++) {
      const female = rng.chance(0.5);
      const firstName = rng.pick(female ? staffNames.female : staffNames.male);
      const lastName = rng.pick(staffNames.last);
      const primary = organizationIndex !== 0 && k === 0;
      // The second organization's primary user is a demo login, so a client's isolation from
      // another organization can be tried by hand.
      let email =
        organizationIndex === 1 && primary
          ? OTHER_CLIENT_EMAIL
          : `${emailPart(firstName)}.${emailPart(lastName)}@${domain}`;
      for (let suffix = 2; staffEmails.has(email); suffix++) {
        email = `${emailPart(firstName)}.${emailPart(lastName)}${suffix}@${domain}`;
      }
      staffEmails.add(email);
      staff.push({
        email,
        firstName,
        lastName,
        role: 'client',
        primary,
        organizationIndex,
        jobTitle: primary ? 'Talent Acquisition Lead' : 'Recruiter',
        manages: primary ? [] : rng.sample(orgOpportunities, rng.int(1, 3)).map((op) => op.id),
      });
    }
  });

  const staffIds = await insertIds(
    db,
    s.users,
    staff.map((p) => ({
      email: p.email,
      passwordHash,
      role: p.role,
      primary: p.primary,
      firstName: p.firstName,
      lastName: p.lastName,
      confirmationSentAt: at(-500),
      confirmedAt: at(-500, 1),
      termsAcceptedAt: at(-500),
      lastSignInAt: at(-rng.int(0, 10)),
      createdAt: at(-500),
      updatedAt: at(-10),
    })),
  );
  const staffWithIds = staff.map((p, i) => ({ ...p, id: must(staffIds[i], 'staff id') }));
  const clients = staffWithIds.filter((p) => p.role === 'client');
  await insertAll(
    db,
    s.clientUsers,
    clients.map((p) => ({
      userId: p.id,
      organizationId: must(
        organizationIds[must(p.organizationIndex, 'organization index')],
        'organization',
      ),
      jobTitle: p.jobTitle ?? null,
      invitedById: p.primary
        ? null
        : (clients.find((c) => c.primary && c.organizationIndex === p.organizationIndex)?.id ??
          null),
      invitedAt: p.primary ? null : at(-480),
      createdAt: at(-500),
      updatedAt: at(-10),
    })),
  );
  await insertAll(
    db,
    s.opportunityManagers,
    clients.flatMap((p) =>
      (p.manages ?? []).map((opportunityId) => ({
        opportunityId,
        userId: p.id,
        createdAt: at(-100),
      })),
    ),
  );
  const clientDemo = must(
    clients.find((c) => c.email === 'client@demo.test'),
    'client',
  );
  const managerDemo = must(
    clients.find((c) => c.email === 'manager@demo.test'),
    'manager',
  );
  const viewerDemo = must(
    clients.find((c) => c.email === 'viewer@demo.test'),
    'viewer',
  );
  /** Client users who act on an opportunity's applications: its primary user and managers. */
  const actorsFor = (o: OpportunityInfo) =>
    clients.filter(
      (c) =>
        c.organizationIndex === o.organizationIndex && (c.primary || c.manages?.includes(o.id)),
    );
  return { clients, clientDemo, managerDemo, viewerDemo, actorsFor };
}

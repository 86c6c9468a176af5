// The terms of a job: full-time, part-time, a contract… Optional on an opportunity; shown on its
// page, and told to search engines (schema.org employmentType) and job boards (the feed's jobtype)
// in the words each of them reads.

export const employmentTypes = [
  'full_time',
  'part_time',
  'contract',
  'temporary',
  'internship',
  'volunteer',
] as const;
export type EmploymentType = (typeof employmentTypes)[number];

export const employmentTypeMessage = `must be one of ${employmentTypes.join(', ')}`;

/** How the product names each type. */
export const employmentTypeLabels: Record<EmploymentType, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
  volunteer: 'Volunteer',
};

/** schema.org's JobPosting employmentType values, as search engines read them. */
export const jobPostingEmploymentTypes: Record<EmploymentType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
  volunteer: 'VOLUNTEER',
};

/** The job feed's jobtype values, as job boards read them. */
export const feedJobTypes: Record<EmploymentType, string> = {
  full_time: 'fulltime',
  part_time: 'parttime',
  contract: 'contract',
  temporary: 'temporary',
  internship: 'internship',
  volunteer: 'volunteer',
};

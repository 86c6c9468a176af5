/** "1 applicant", "12 applicants". */
export const applicantCount = (n: number): string => `${n} ${n === 1 ? 'applicant' : 'applicants'}`;

import { z } from 'zod';

import { text } from '../common/text.ts';

// The financial needs survey a bursary application asks for: the household, its income, who pays
// for the candidate's studies today, the other bursaries and loans held or applied for, and a
// short motivation. One survey per application; GET and PUT candidate/applications/{id}/financial-survey.

export const HOUSEHOLD_SIZE_MAX = 30;
export const DEPENDANTS_MAX = 30;
export const OTHER_FUNDING_MAX = 10;
export const FUNDING_NAME_MAX_CHARS = 120;
/** The largest amount, in rand, one bursary or loan can be declared at. */
export const FUNDING_AMOUNT_MAX = 10_000_000;
export const MOTIVATION_MAX_CHARS = 2000;

/** Monthly household income before deductions, in rand, in bands (a candidate rarely knows it exactly). */
export const incomeBands = [
  'none',
  'up_to_5000',
  '5001_to_12500',
  '12501_to_29167',
  '29168_to_50000',
  'above_50000',
] as const;
export type IncomeBand = (typeof incomeBands)[number];

export const incomeBandLabels: Record<IncomeBand, string> = {
  none: 'No income',
  up_to_5000: 'R1 to R5 000',
  '5001_to_12500': 'R5 001 to R12 500',
  // R350 000 a year, the household income limit of the national student financial aid scheme.
  '12501_to_29167': 'R12 501 to R29 167',
  '29168_to_50000': 'R29 168 to R50 000',
  above_50000: 'More than R50 000',
};

/** Who pays for the candidate's studies today. */
export const studyFunders = [
  'self',
  'parents',
  'other_family',
  'employer',
  'bursary',
  'loan',
  'nobody',
] as const;
export type StudyFunder = (typeof studyFunders)[number];

export const studyFunderLabels: Record<StudyFunder, string> = {
  self: 'I pay for them myself',
  parents: 'My parents or guardians',
  other_family: 'Other family members',
  employer: 'An employer',
  bursary: 'A bursary or scholarship',
  loan: 'A study loan',
  nobody: 'Nobody: I have no funding',
};

export const fundingStatuses = ['held', 'applied'] as const;
export type FundingStatus = (typeof fundingStatuses)[number];
export const fundingStatusLabels: Record<FundingStatus, string> = {
  held: 'Held',
  applied: 'Applied for',
};

export const financialSurveyMessages = {
  householdSize: `Enter how many people live in your household, from 1 to ${HOUSEHOLD_SIZE_MAX}`,
  incomeBand: 'Choose your monthly household income',
  dependants: `Enter how many people depend on you, from 0 to ${DEPENDANTS_MAX}`,
  fundersRequired: 'Choose who pays for your studies today',
  fundersNobody: 'Choose "nobody" only on its own',
  fundersDistinct: 'Choose each option only once',
  otherFundingTooMany: `List at most ${OTHER_FUNDING_MAX} bursaries or loans`,
  fundingName: 'Enter the name of the bursary or loan',
  fundingNameTooLong: `Names can be at most ${FUNDING_NAME_MAX_CHARS} characters`,
  fundingStatus: 'Choose whether you hold it or applied for it',
  fundingAmount: `Enter a whole amount in rand, from 0 to ${FUNDING_AMOUNT_MAX.toLocaleString('en-ZA')}`,
  motivationRequired: 'Tell us why you need this bursary',
  motivationTooLong: `The motivation can be at most ${MOTIVATION_MAX_CHARS} characters`,
  notBursary: 'Only bursary applications have a financial needs survey',
  closed: 'Applications for this opportunity have closed, so the survey can no longer be changed',
  withdrawn: 'This application was withdrawn, so the survey can no longer be changed',
  regretted: 'This application was not taken further, so the survey can no longer be changed',
  saved: 'Your financial needs survey has been saved',
} as const;
const m = financialSurveyMessages;

/** A whole number from a number or a numeric string (what a form's text field holds). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
      error: message,
    }),
  );

/** One other bursary or loan: its name, held or applied for, and optionally its yearly amount. */
export const otherFundingInput = z.object({
  name: text({ error: m.fundingName })
    .trim()
    .min(1, { error: m.fundingName })
    .max(FUNDING_NAME_MAX_CHARS, { error: m.fundingNameTooLong }),
  status: z.enum(fundingStatuses, { error: m.fundingStatus }),
  amount: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    wholeNumber(0, FUNDING_AMOUNT_MAX, m.fundingAmount).nullable(),
  ),
});
export type OtherFunding = z.infer<typeof otherFundingInput>;

/** The survey's answers: the request body's `survey` and what GET answers. */
export const financialSurveyInput = z.object({
  householdSize: wholeNumber(1, HOUSEHOLD_SIZE_MAX, m.householdSize),
  incomeBand: z.enum(incomeBands, { error: m.incomeBand }),
  dependants: wholeNumber(0, DEPENDANTS_MAX, m.dependants),
  studyFunders: z
    .array(z.enum(studyFunders, { error: m.fundersRequired }), { error: m.fundersRequired })
    .min(1, { error: m.fundersRequired })
    .refine((v) => new Set(v).size === v.length, { error: m.fundersDistinct })
    .refine((v) => !v.includes('nobody') || v.length === 1, { error: m.fundersNobody }),
  otherFunding: z
    .array(otherFundingInput, { error: m.fundingName })
    .max(OTHER_FUNDING_MAX, { error: m.otherFundingTooMany })
    .default([]),
  motivation: text({ error: m.motivationRequired })
    .trim()
    .min(1, { error: m.motivationRequired })
    .max(MOTIVATION_MAX_CHARS, { error: m.motivationTooLong }),
});
export type FinancialSurveyInput = z.input<typeof financialSurveyInput>;
export type FinancialSurveyAnswers = z.output<typeof financialSurveyInput>;

/** PUT candidate/applications/{id}/financial-survey */
export const financialSurveyBody = z.object({ survey: financialSurveyInput });
export type FinancialSurveyBody = z.output<typeof financialSurveyBody>;

const answersOut = z.object({
  householdSize: z.number().int(),
  incomeBand: z.enum(incomeBands),
  dependants: z.number().int(),
  studyFunders: z.array(z.enum(studyFunders)),
  otherFunding: z.array(
    z.object({
      name: text(),
      status: z.enum(fundingStatuses),
      amount: z.number().int().nullable(),
    }),
  ),
  motivation: text(),
});

/**
 * GET and PUT candidate/applications/{id}/financial-survey. `submittedAt` is null until the
 * candidate submits this application's survey; until then `survey` holds the answers of their
 * last survey (null when they have none), so they only confirm. `editable` is false once the
 * opportunity's application window has closed or the application was withdrawn or regretted.
 */
export const financialSurveyResponse = z.object({
  applicationId: z.number().int(),
  survey: answersOut.nullable(),
  submittedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime().nullable(),
  editable: z.boolean(),
  /** Why it cannot be changed, when it cannot. */
  lockedReason: text().nullable(),
  closesAt: z.iso.datetime().nullable(),
});
export type FinancialSurveyResponse = z.infer<typeof financialSurveyResponse>;

import { format } from 'date-fns';
import type { FieldErrors as FormErrors, Resolver } from 'react-hook-form';

import type { CurrencyCode } from '@pathways/shared/reference/currencies';
import type { EmploymentType } from '@pathways/shared/opportunities/employment';
import type { OpportunityKind } from '@pathways/shared/opportunities/opportunities.schemas';
import {
  opportunityForm,
  type OpportunityFormValues,
  type WorkspaceOpportunity,
} from '@pathways/shared/workspaces/workspaces.schemas';

/** What the details form holds: text as typed, dates as `yyyy-MM-dd` from the date inputs. */
export interface DetailsValues {
  name: string;
  kind: OpportunityKind;
  summary: string;
  description: string;
  logo: string;
  opensAt: string;
  closesAt: string;
  commencesAt: string;
  positions: string;
  valueMin: string;
  valueMax: string;
  currency: CurrencyCode;
  /** The terms of a job; '' when not stated. */
  employmentType: EmploymentType | '';
  published: boolean;
}

export const detailsFields = [
  'name',
  'kind',
  'summary',
  'description',
  'logo',
  'opensAt',
  'closesAt',
  'commencesAt',
  'positions',
  'valueMin',
  'valueMax',
  'currency',
  'employmentType',
  'published',
] as const satisfies readonly (keyof DetailsValues)[];

export const detailsLabels: Record<keyof DetailsValues, string> = {
  name: 'Name',
  kind: 'Kind',
  summary: 'Summary',
  description: 'Description',
  logo: 'Logo address',
  opensAt: 'Opens on',
  closesAt: 'Closes on',
  commencesAt: 'Commences on',
  positions: 'Positions',
  valueMin: 'Minimum value per year',
  valueMax: 'Maximum value per year',
  currency: 'Currency',
  employmentType: 'Terms of employment',
  published: 'Published',
};

const dayOf = (iso: string | null) => (iso ? format(new Date(iso), 'yyyy-MM-dd') : '');
/** A picked day starts at local midnight. */
const isoOf = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));

export function detailsOf(o: WorkspaceOpportunity): DetailsValues {
  return {
    name: o.name,
    kind: o.kind,
    summary: o.summary ?? '',
    description: o.description ?? '',
    logo: o.logo ?? '',
    opensAt: dayOf(o.opensAt),
    closesAt: dayOf(o.closesAt),
    commencesAt: dayOf(o.commencesAt),
    positions: o.positions === null ? '' : String(o.positions),
    valueMin: o.valueMin === null ? '' : String(o.valueMin),
    valueMax: o.valueMax === null ? '' : String(o.valueMax),
    currency: o.currency,
    employmentType: o.employmentType ?? '',
    published: o.publishedAt !== null,
  };
}

/** The form's values as the API takes them. */
export function inputOf(v: DetailsValues) {
  return {
    name: v.name,
    kind: v.kind,
    summary: v.summary,
    description: v.description,
    logo: v.logo.trim(),
    opensAt: isoOf(v.opensAt),
    closesAt: isoOf(v.closesAt),
    commencesAt: isoOf(v.commencesAt),
    positions: numberOf(v.positions),
    valueMin: numberOf(v.valueMin),
    valueMax: numberOf(v.valueMax),
    currency: v.currency,
    // Only a job has terms of employment: another kind never keeps one.
    employmentType: v.kind === 'job' && v.employmentType !== '' ? v.employmentType : null,
    published: v.published,
  };
}

/** Checks the form with the shared contract, so the browser says what the server would. */
export const detailsResolver: Resolver<DetailsValues> = (values) => {
  const parsed = opportunityForm.safeParse(inputOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FormErrors<DetailsValues> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DetailsValues | undefined;
    if (field && !errors[field]) errors[field] = { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

export type { OpportunityFormValues };

import type { ApplicantRow } from '@pathways/shared/applicants/applicants.schemas';
import {
  countStandings,
  REGRETTED,
  standingOf,
  WITHDRAWN,
} from '@pathways/shared/pipeline/standing';

/** The tabs besides the phases: applications the organization regretted, and withdrawn ones. */
export const REGRETTED_TAB = REGRETTED;
export const WITHDRAWN_TAB = WITHDRAWN;

export interface PhaseTab {
  /** A phase's id as text, or one of the two tabs above. */
  key: string;
  label: string;
  count: number;
}

type TabFacts = Pick<ApplicantRow, 'archivedAt' | 'regrettedAt' | 'phaseId'>;

/**
 * The tab an application is listed under: where it stands in the pipeline (withdrawn, else
 * regretted, else its phase; one not yet in a phase waits in the first phase of the chain), the
 * rule every count of applicants per phase follows.
 */
export function tabOf(row: TabFacts, initialPhaseId: number | null): string | null {
  return standingOf(row, initialPhaseId);
}

/** The phases in chain order, then Regretted and Withdrawn, each with how many rows it holds. */
export function phaseTabs(
  phases: ReadonlyArray<{ id: number; name: string }>,
  rows: ReadonlyArray<TabFacts>,
): PhaseTab[] {
  const counts = countStandings(rows, phases[0]?.id ?? null);
  return [
    ...phases.map((phase) => ({
      key: String(phase.id),
      label: phase.name,
      count: counts.phases.get(phase.id) ?? 0,
    })),
    { key: REGRETTED_TAB, label: 'Regretted', count: counts.regretted },
    { key: WITHDRAWN_TAB, label: 'Withdrawn', count: counts.withdrawn },
  ];
}

/** The tab shown: the one the address names when it exists, else the first. */
export function selectedTab(tabs: readonly PhaseTab[], wanted: string | null): string | null {
  if (wanted !== null && tabs.some((tab) => tab.key === wanted)) return wanted;
  return tabs[0]?.key ?? null;
}

/**
 * Where undoing a move sends each application: the ids grouped by the phase they were in
 * before. Those that were in no phase have nowhere to go back to and are left out.
 */
export function undoGroups(
  items: ReadonlyArray<{ id: number; previousPhaseId: number | null; phaseId: number | null }>,
): Array<{ phaseId: number; ids: number[] }> {
  const groups = new Map<number, number[]>();
  for (const item of items) {
    if (item.previousPhaseId === null || item.previousPhaseId === item.phaseId) continue;
    const ids = groups.get(item.previousPhaseId) ?? [];
    ids.push(item.id);
    groups.set(item.previousPhaseId, ids);
  }
  return [...groups].map(([phaseId, ids]) => ({ phaseId, ids }));
}

/** The one message of a refused action: the server's words for the field, else its message. */
export function refusalMessage(error: {
  message: string;
  fieldErrors?: Record<string, string[]>;
}): string {
  const first = Object.values(error.fieldErrors ?? {}).flat()[0];
  return first ?? error.message;
}

/** The same tabs with the counts the server gave per tab key (a missing key counts 0). */
export function countedPhaseTabs(
  phases: ReadonlyArray<{ id: number; name: string }>,
  counts: Readonly<Record<string, number>>,
): PhaseTab[] {
  return [
    ...phases.map((phase) => ({
      key: String(phase.id),
      label: phase.name,
      count: counts[String(phase.id)] ?? 0,
    })),
    { key: REGRETTED_TAB, label: 'Regretted', count: counts[REGRETTED_TAB] ?? 0 },
    { key: WITHDRAWN_TAB, label: 'Withdrawn', count: counts[WITHDRAWN_TAB] ?? 0 },
  ];
}

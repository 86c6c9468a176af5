import { DEFAULT_TIME_ZONE } from '../components/interview-time';

/**
 * The time zone the signed-in user reads interview times in. People have no time zone of their
 * own yet, so everyone reads South African time; once the account carries one, this is the one
 * place that returns it.
 */
export function useViewerTimeZone(): string {
  return DEFAULT_TIME_ZONE;
}

/** What choosing a series fills in on the create form (spec §9). */
import { defaultDuration } from './duration';
import { fromInstant } from './schedule';

type SeriesChoice = {
  id: string;
  title: string;
  schedule?: {
    is_recurring: boolean;
    next_sessions: string[];
    session_duration_minutes: number;
  } | null;
};

/** What choosing `series` fills in: its session length and, for a recurring series, its next occurrence. */
export function proposalFor(series: SeriesChoice | undefined) {
  const next = series?.schedule?.is_recurring ? series.schedule.next_sessions[0] : undefined;
  return {
    ...(next ? fromInstant(next) : { date: '', time: '' }),
    duration: String(series?.schedule?.session_duration_minutes ?? defaultDuration),
    proposed: next !== undefined,
  };
}

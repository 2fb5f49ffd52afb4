/**
 * The session timer (spec §2): "Starts in …" before the start; while the session runs, the elapsed time or the
 * time remaining (overtime past the planned end), switched with a button; "Lasted …" once it is over. Worked out
 * from the clock on every tick and when the tab becomes visible again, so a tab that slept is right at once.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useLocale } from '@/lib/i18n';

import { durationText } from '../lib/duration-text';
import { timerPhase, timerState, type TimerView } from '../lib/timer';

type TimedSession = {
  status: string;
  schedule: { scheduled_start_datetime: string; scheduled_duration_minutes: number };
  actual_start_datetime?: string | null;
  actual_duration_minutes?: number | null;
};

/** `Date.now()`, refreshed every second and whenever the page becomes visible. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const refresh = () => {
      setNow(Date.now());
    };
    const interval = window.setInterval(refresh, 1000);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [ticking]);
  return now;
}

export function SessionTimer({ session }: { session: TimedSession }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [view, setView] = useState<TimerView>('elapsed');
  const phase = timerPhase(session.status);
  const now = useNow(phase === 'upcoming' || phase === 'running');
  const state = timerState(
    {
      phase,
      scheduledStart: session.schedule.scheduled_start_datetime,
      durationMinutes: session.schedule.scheduled_duration_minutes,
      actualStart: session.actual_start_datetime,
      actualDurationMinutes: session.actual_duration_minutes,
    },
    now,
    view,
  );
  if (state.kind === 'none') return null;
  const duration = durationText(state.ms, t, locale, { withSeconds: state.kind !== 'lasted' });
  const text = {
    countdown: t('sessions.timer.startsIn', { duration }),
    elapsed: t('sessions.timer.elapsed', { duration }),
    remaining: t('sessions.timer.remaining', { duration }),
    overtime: t('sessions.timer.overtime', { duration }),
    // A session over within its first minute: "0 minutes" would read as if it never ran.
    lasted:
      state.ms < 60_000
        ? t('sessions.timer.lastedUnderMinute')
        : t('sessions.timer.lasted', { duration }),
  }[state.kind];
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-muted/40 px-4 py-3">
      <p
        role="timer"
        aria-label={t('sessions.timer.label')}
        aria-live="off"
        className="text-lg font-semibold tabular-nums"
        data-testid="session-timer"
      >
        {text}
      </p>
      {phase === 'running' && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={view === 'remaining'}
          onClick={() => {
            setView((current) => (current === 'elapsed' ? 'remaining' : 'elapsed'));
          }}
        >
          {t('sessions.timer.switch')}
        </Button>
      )}
    </div>
  );
}

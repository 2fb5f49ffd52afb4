/**
 * The account's notification settings (the "Notifications" section of `/account`): which kinds also arrive by
 * e-mail, and the two reminders before each session. Everything always shows in the app; these choose e-mail and
 * reminders only. Saved with one PUT of the whole set; a success and a failure toast say how it went.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';
import type { NotificationKind, NotificationPreferences } from '../api/types';
import { notificationKinds } from '../lib/kinds';

/** The section's element id: `/account#notifications` (the unsubscribe page's link) scrolls to it. */
export const preferencesAnchor = 'notifications';

export function NotificationPreferencesSettings() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const location = useLocation();
  const loaded = preferences.data !== undefined;
  useEffect(() => {
    // The section appears after the page (its data loads): bring it into view once it is there.
    if (loaded && location.hash === `#${preferencesAnchor}`) {
      document.getElementById(preferencesAnchor)?.scrollIntoView({ block: 'start' });
    }
  }, [loaded, location.hash]);
  if (preferences.isError) {
    return (
      <div className="flex flex-col items-start gap-2" role="alert">
        <p className="text-sm text-muted-foreground">{t('notifications.preferences.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
          {t('notifications.preferences.retry')}
        </Button>
      </div>
    );
  }
  if (!preferences.data) return <div className="h-48" aria-busy="true" />;
  return <PreferencesForm saved={preferences.data} />;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NotificationPreferences>(saved);
  // A save (here or in another tab) makes the server's answer the new starting point.
  const [base, setBase] = useState(saved);
  if (base !== saved) {
    setBase(saved);
    setValues(saved);
  }
  const update = useUpdateNotificationPreferences({
    onSuccess: () => {
      toast.success(t('notifications.preferences.saved'));
    },
    onError: () => {
      toast.error(t('notifications.preferences.saveFailed'));
    },
  });
  const dirty =
    !sameSet(values.email_kinds, saved.email_kinds) ||
    values.reminder_24h !== saved.reminder_24h ||
    values.reminder_1h !== saved.reminder_1h;
  const emailLegend = useId();
  const remindersLegend = useId();
  const remindersHint = useId();

  function toggleKind(kind: NotificationKind, on: boolean) {
    setValues((current) => ({
      ...current,
      // Kept in the order the list shows them.
      email_kinds: notificationKinds.filter((known) =>
        known === kind ? on : current.email_kinds.includes(known),
      ),
    }));
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      data-testid="notification-preferences"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(values);
      }}
    >
      <fieldset className="flex flex-col gap-3" aria-labelledby={emailLegend}>
        <legend id={emailLegend} className="text-sm font-medium">
          {t('notifications.preferences.emailLegend')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {notificationKinds.map((kind) => (
            <CheckRow
              key={kind}
              label={t(`notifications.preferences.kinds.${kind}`)}
              checked={values.email_kinds.includes(kind)}
              onChange={(on) => {
                toggleKind(kind, on);
              }}
            />
          ))}
        </div>
      </fieldset>
      <fieldset
        className="flex flex-col gap-3"
        aria-labelledby={remindersLegend}
        aria-describedby={remindersHint}
      >
        <legend id={remindersLegend} className="text-sm font-medium">
          {t('notifications.preferences.remindersLegend')}
        </legend>
        <p id={remindersHint} className="text-sm text-muted-foreground">
          {t('notifications.preferences.remindersHint')}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckRow
            switchRole
            label={t('notifications.preferences.reminder24h')}
            checked={values.reminder_24h}
            onChange={(on) => {
              setValues((current) => ({ ...current, reminder_24h: on }));
            }}
          />
          <CheckRow
            switchRole
            label={t('notifications.preferences.reminder1h')}
            checked={values.reminder_1h}
            onChange={(on) => {
              setValues((current) => ({ ...current, reminder_1h: on }));
            }}
          />
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={!dirty || update.isPending}>
        {update.isPending ? t('common.saving') : t('notifications.preferences.save')}
      </Button>
    </form>
  );
}

/** A labelled checkbox, or a switch (`role="switch"`, on/off) for the reminders. */
function CheckRow({
  label,
  checked,
  onChange,
  switchRole = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  switchRole?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked ? 'border-primary/50 bg-primary/5' : 'hover:bg-muted',
      )}
    >
      {switchRole ? (
        // The track is drawn by the span; the real switch lies over it, transparent, so a click or a tap on
        // the track is a click on the switch.
        <span className="relative inline-flex h-5 w-9 shrink-0">
          <input
            type="checkbox"
            role="switch"
            className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            checked={checked}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
          />
          <span
            aria-hidden
            className={cn(
              'relative inline-flex h-5 w-9 rounded-full transition-colors',
              checked ? 'bg-primary' : 'bg-zinc-300',
            )}
          >
            <span
              className={cn(
                'absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform',
                checked ? 'translate-x-4.5' : 'translate-x-0.5',
              )}
            />
          </span>
        </span>
      ) : (
        <input
          type="checkbox"
          className="size-4 shrink-0 accent-primary"
          checked={checked}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
        />
      )}
      <span>{label}</span>
    </label>
  );
}

export default NotificationPreferencesSettings;

import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n/create-i18n';

import type { NotificationKind, NotificationParams } from '../api/types';
import { notificationKinds } from './kinds';
import { formatMinorUnits, formatStart, wordNotification } from './wording';

const en = createI18n('en-GB');
const pl = createI18n('pl-PL');

/** Everything a notification may carry: a Warsaw evening session of a paid series. */
const full: NotificationParams = {
  actor_id: '0195f0c4-0000-7000-8000-000000000001',
  actor_name: 'Ilse',
  series_id: '0195f0c4-0000-7000-8000-0000000000aa',
  series_handle: 'lighthouse-watch',
  series_title: 'Lighthouse Watch',
  session_id: '0195f0c4-0000-7000-8000-0000000000bb',
  // 19:00 in Warsaw (CET, UTC+1).
  starts_at: '2026-12-01T18:00:00Z',
  time_zone: 'Europe/Warsaw',
  amount: 4550,
  currency_code: 'pln',
  chat_id: '0195f0c4-0000-7000-8000-0000000000cc',
  message_preview: 'Is there a seat left for Tuesday?',
  reminder: '24h',
  rating: 5,
};

function word(
  locale: 'en-GB' | 'pl-PL',
  kind: NotificationKind,
  params: NotificationParams = full,
  readerZone = 'Europe/Warsaw',
) {
  const instance = locale === 'en-GB' ? en : pl;
  return wordNotification({ kind, params }, instance.t, locale, readerZone).replace(
    /\u00a0|\u202f/g,
    ' ',
  );
}

const expectedEnglish: Record<NotificationKind, string> = {
  application_received: 'Ilse applied to Lighthouse Watch',
  application_accepted: 'Your application to Lighthouse Watch was accepted',
  application_rejected: 'Your application to Lighthouse Watch was declined',
  session_invited: 'You are invited to a session of Lighthouse Watch on 1 Dec 2026, 19:00',
  schedule_fixed: 'The session of Lighthouse Watch is set for 1 Dec 2026, 19:00',
  schedule_changed: 'The schedule of Lighthouse Watch is changing: please confirm again',
  preparation_started:
    'Preparation has started for the session of Lighthouse Watch on 1 Dec 2026, 19:00',
  payment_due: 'Payment of PLN 45.50 is due for the session of Lighthouse Watch',
  session_started: 'The session of Lighthouse Watch has started',
  session_cancelled: 'The session of Lighthouse Watch on 1 Dec 2026, 19:00 was cancelled',
  payment_receipt: 'Payment of PLN 45.50 received for the session of Lighthouse Watch',
  refund_issued: 'PLN 45.50 refunded for the session of Lighthouse Watch',
  chat_message: 'Ilse: “Is there a seat left for Tuesday?”',
  session_reminder: 'Reminder: Lighthouse Watch starts in 24 hours (1 Dec 2026, 19:00)',
  review_received: 'Ilse rated Lighthouse Watch 5 out of 5',
  payment_disputed:
    "A player's bank disputed PLN 45.50 paid for the session of Lighthouse Watch: it is held back from your payout",
  dispute_won:
    'The dispute of PLN 45.50 for the session of Lighthouse Watch was decided in your favour',
  refund_requested:
    'Ilse asks for a refund of PLN 45.50 for the session of Lighthouse Watch: approve or decline it',
  participation_rejected:
    'Ilse cannot come to the session of Lighthouse Watch: “Is there a seat left for Tuesday?”',
  participant_left:
    'Ilse left the session of Lighthouse Watch before its start: “Is there a seat left for Tuesday?”',
  participant_removed:
    'The game master removed you from the session of Lighthouse Watch: “Is there a seat left for Tuesday?”',
};

const expectedPolish: Record<NotificationKind, string> = {
  application_received: 'Ilse zgłasza się do serii „Lighthouse Watch”',
  application_accepted: 'Twoje zgłoszenie do serii „Lighthouse Watch” zostało przyjęte',
  application_rejected: 'Twoje zgłoszenie do serii „Lighthouse Watch” zostało odrzucone',
  session_invited: 'Zaproszenie na sesję serii „Lighthouse Watch”: 1 gru 2026, 19:00',
  schedule_fixed: 'Ustalono termin sesji serii „Lighthouse Watch”: 1 gru 2026, 19:00',
  schedule_changed: 'Termin sesji serii „Lighthouse Watch” się zmienia: potwierdź udział ponownie',
  preparation_started:
    'Rozpoczęły się przygotowania do sesji serii „Lighthouse Watch” (1 gru 2026, 19:00)',
  payment_due: 'Do zapłaty 45,50 zł za sesję serii „Lighthouse Watch”',
  session_started: 'Sesja serii „Lighthouse Watch” właśnie się zaczęła',
  session_cancelled: 'Sesja serii „Lighthouse Watch” (1 gru 2026, 19:00) została odwołana',
  payment_receipt: 'Otrzymaliśmy płatność 45,50 zł za sesję serii „Lighthouse Watch”',
  refund_issued: 'Zwróciliśmy 45,50 zł za sesję serii „Lighthouse Watch”',
  chat_message: 'Ilse: „Is there a seat left for Tuesday?”',
  session_reminder:
    'Przypomnienie: sesja serii „Lighthouse Watch” za 24 godziny (1 gru 2026, 19:00)',
  review_received: 'Ilse ocenia serię „Lighthouse Watch” na 5 z 5',
  payment_disputed:
    'Bank gracza zakwestionował 45,50 zł za sesję serii „Lighthouse Watch”: nie wliczamy tej kwoty do Twojej wypłaty',
  dispute_won: 'Spór o 45,50 zł za sesję serii „Lighthouse Watch” rozstrzygnięto na Twoją korzyść',
  refund_requested:
    'Ilse prosi o zwrot 45,50 zł za sesję serii „Lighthouse Watch”: zaakceptuj lub odrzuć prośbę',
  participation_rejected:
    'Ilse odrzuca termin sesji serii „Lighthouse Watch”: „Is there a seat left for Tuesday?”',
  participant_left:
    'Ilse rezygnuje z sesji serii „Lighthouse Watch” przed jej rozpoczęciem: „Is there a seat left for Tuesday?”',
  participant_removed:
    'Nie uczestniczysz już w sesji serii „Lighthouse Watch” — decyzja prowadzącego: „Is there a seat left for Tuesday?”',
};

describe('the wording of a notification', () => {
  it.each(notificationKinds)('words %s in English from its params', (kind) => {
    expect(word('en-GB', kind)).toBe(expectedEnglish[kind]);
  });

  it.each(notificationKinds)('words %s in Polish from its params', (kind) => {
    expect(word('pl-PL', kind)).toBe(expectedPolish[kind]);
  });

  it('has a sentence for every kind when nothing but the series is known, in both languages', () => {
    for (const locale of ['en-GB', 'pl-PL'] as const) {
      const sentences = notificationKinds.map((kind) =>
        word(locale, kind, { series_title: 'Lighthouse Watch' }),
      );
      for (const sentence of sentences) {
        expect(sentence).not.toMatch(/\{\{|undefined|null|notifications\./);
      }
      expect(new Set(sentences).size).toBe(notificationKinds.length);
    }
    expect(word('en-GB', 'payment_due', { series_title: 'Lighthouse Watch' })).toBe(
      'Payment is due for the session of Lighthouse Watch',
    );
    expect(word('pl-PL', 'chat_message', { actor_name: 'Ilse' })).toBe('Ilse wysyła Ci wiadomość');
    expect(word('en-GB', 'application_received', {})).toBe('Someone applied to (untitled series)');
  });

  it('says which reminder it is', () => {
    expect(word('en-GB', 'session_reminder', { ...full, reminder: '1h' })).toBe(
      'Reminder: Lighthouse Watch starts in an hour (1 Dec 2026, 19:00)',
    );
    expect(word('pl-PL', 'session_reminder', { ...full, reminder: '1h' })).toBe(
      'Przypomnienie: sesja serii „Lighthouse Watch” za godzinę (1 gru 2026, 19:00)',
    );
    expect(word('pl-PL', 'session_reminder', { series_title: 'Lighthouse Watch' })).toBe(
      'Przypomnienie: wkrótce sesja serii „Lighthouse Watch”',
    );
  });

  it('words a kind this version does not know yet instead of failing', () => {
    expect(word('en-GB', 'something_new' as NotificationKind)).toBe('New notification');
    expect(word('pl-PL', 'something_new' as NotificationKind)).toBe('Nowe powiadomienie');
  });
});

describe('dates and amounts in a notification', () => {
  it("shows a start in the reader's zone, the schedule's clock beside it only where it differs", () => {
    const start = '2026-07-01T17:00:00Z';
    expect(formatStart('en-GB', start, 'Europe/Warsaw', 'Europe/Warsaw')).toBe('1 Jul 2026, 19:00');
    expect(formatStart('en-GB', start, 'Europe/Warsaw', 'Europe/London')).toBe(
      '1 Jul 2026, 18:00 (Wed 1 Jul, 19:00, Central European Time)',
    );
    expect(formatStart('pl-PL', start, 'Europe/Warsaw', 'Europe/Warsaw')).toBe('1 lip 2026, 19:00');
    expect(formatStart('en-GB', 'not a date', 'Europe/Warsaw')).toBeUndefined();
    // A schedule zone nobody knows: the reader's clock alone.
    expect(formatStart('en-GB', start, 'Mars/Olympus', 'UTC')).toBe('1 Jul 2026, 17:00');
  });

  it('turns minor units into the amount, in the currency, as the language writes it', () => {
    const plain = (value: string | undefined) => value?.replace(/\u00a0|\u202f/g, ' ');
    expect(plain(formatMinorUnits('en-GB', 4550, 'pln'))).toBe('PLN 45.50');
    expect(plain(formatMinorUnits('pl-PL', 4550, 'pln'))).toBe('45,50 zł');
    expect(plain(formatMinorUnits('en-GB', 1200, 'eur'))).toBe('€12.00');
    expect(plain(formatMinorUnits('pl-PL', 1200, 'eur'))).toBe('12,00 €');
    expect(formatMinorUnits('en-GB', 100, 'not-a-currency')).toBeUndefined();
  });
});

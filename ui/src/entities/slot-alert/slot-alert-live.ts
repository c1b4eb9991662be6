/**
 * What earlier-slot alerts do with live events: when a time frees on a day the client waits on
 * (`slot_alert.changed`, `freed`), that provider's free times and the alerts refresh at once, and
 * the client is told (a toast with "Reservar" leading to that day's booking, and the platform's
 * notification when allowed); when the day fills again (`waiting`), the screens simply refresh.
 */
import { toast } from 'sonner';
import { dateTimeFormat, intlLocale, toLocale, type LiveEventOf } from '@resuelve/contract';
import { getI18n } from '../../lib/i18n.ts';
import { onLiveEvent, type LiveContext } from '../../lib/live.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { jobKeys } from '../job/api.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

/** Where a told client books: the provider's booking page on that day. */
export const bookingPathOf = (providerId: string, date: string) => `/providers/${encodeURIComponent(providerId)}/book?date=${date}`;

/** A calendar day (YYYY-MM-DD) in words: "martes, 24 de noviembre". */
export function dayInWords(date: string, language: string): string {
  return dateTimeFormat(intlLocale[toLocale(language)], { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(`${date}T12:00:00Z`));
}

async function tellFreed(event: LiveEventOf<'slot_alert.changed'>): Promise<void> {
  const i18n = getI18n();
  // The alerts' words are a feature namespace: loaded here when no screen has asked for it yet.
  await i18n.loadNamespaces('slot-alerts');
  const t = i18n.t;
  const path = bookingPathOf(event.provider_id, event.date);
  const day = dayInWords(event.date, i18n.language);
  const title = t('slot-alerts:live.freed_title');
  // The provider's name is on the booking page; the toast names the day.
  const body = t('slot-alerts:offer.freed', { day });
  toast.success(title, { id: `slot-alert-${event.alert_id}`, description: body, action: { label: t('slot-alerts:live.book'), onClick: () => navigateTo(path) } });
  if (hasPlatform()) getPlatform().notify({ title, body, path });
}

/** Registers the alerts' live handlers; returns the function that removes them. */
export function followSlotAlertEvents(): () => void {
  const stops = [
    onLiveEvent('slot_alert.changed', (event, { queryClient }: LiveContext) => {
      // Free times and alerts sit under the jobs' key.
      void refreshQueries(queryClient, jobKeys.all);
      if (event.status === 'freed') void tellFreed(event);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

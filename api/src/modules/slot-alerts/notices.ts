/**
 * The email or SMS of a freed time (contract slot-alerts.ts): each told client hears it in their
 * language and by their contact preference (lib/notices.ts), with the link to book that day. Sent
 * only by the api process whose claim told the alert (service.ts), so never twice.
 */
import { dateTimeFormat, intlLocale, type Locale } from '@resuelve/contract';
import { people, sendNotice, type NotifierContext } from '../../lib/notices.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';
import type { SlotAlertRow } from './repository.ts';

interface FreedTexts {
  notice: { subject: string; body: string; sms: string };
}

/** A calendar day (YYYY-MM-DD) in words, e.g. "lunes, 30 de noviembre de 2026". */
function dayInWords(date: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { timeZone: 'UTC', dateStyle: 'full' }).format(new Date(`${date}T12:00:00Z`));
}

/** Where a told client books that day. */
export function bookingLink(publicUrl: string, alert: Pick<SlotAlertRow, 'provider_id' | 'date'>): string {
  return `${publicUrl}/providers/${alert.provider_id}/book?date=${alert.date}`;
}

/** Tells each of these clients, by email or SMS, that a time freed on the day they wait on. */
export async function notifyFreed(context: NotifierContext, alerts: SlotAlertRow[]): Promise<void> {
  if (alerts.length === 0) return;
  const persons = await people(context.knex, [...new Set(alerts.map((alert) => alert.client_id))]);
  for (const alert of alerts) {
    const person = persons.get(alert.client_id);
    if (!person) continue;
    const texts = (await textsWith(context.config.localesDir, person.language, 'slot-alerts', 'notice')) as unknown as FreedTexts;
    const values = { name: alert.provider_name, day: dayInWords(alert.date, person.language), link: bookingLink(context.config.publicUrl, alert) };
    await sendNotice(context, person, 'client', {
      email: async () => {
        const { signature } = (await textsWith(context.config.localesDir, person.language, 'email', 'signature')) as { signature: string };
        return { subject: interpolate(texts.notice.subject, values), text: `${interpolate(texts.notice.body, values)}\n\n${signature}\n` };
      },
      sms: async () => interpolate(texts.notice.sms, values),
    });
  }
}

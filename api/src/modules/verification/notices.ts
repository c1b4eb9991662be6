/**
 * What the provider hears of their verification, by email or SMS in their language
 * (lib/notices.ts): the admin's decision (with the reason of a rejection), their certificate
 * expiring within a month, and `insured` removed at its expiry.
 */
import { dateTimeFormat, intlLocale, type Locale, type VerificationRequest } from '@resuelve/contract';
import { people, sendNotice, type NotifierContext } from '../../lib/notices.ts';
import { interpolate, textsWith } from '../../lib/texts.ts';

type NoticeKey = 'verification_approved' | 'verification_rejected' | 'insurance_expiring' | 'insurance_expired';

async function words(localesDir: string, locale: Locale, key: NoticeKey, values: Record<string, string>) {
  const email = (await textsWith(localesDir, locale, 'email', key)) as unknown as Record<NoticeKey, { subject: string; body: string }> & { signature: string };
  const sms = (await textsWith(localesDir, locale, 'sms', key)) as Record<string, string>;
  return {
    email: async () => ({
      subject: interpolate(email[key].subject, values),
      text: `${interpolate(email[key].body, values)}\n\n${email.signature}\n`,
    }),
    sms: async () => interpolate(sms[key]!, values),
  };
}

/** A date (YYYY-MM-DD) as the person reads it: "25 de diciembre de 2026", "December 25, 2026". */
function longDate(date: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

async function notify(context: Pick<NotifierContext, 'knex' | 'senders' | 'config'>, providerId: string, key: NoticeKey, values: (locale: Locale) => Record<string, string>) {
  const person = (await people(context.knex, [providerId])).get(providerId);
  if (!person) return;
  const link = `${context.config.publicUrl}/provider/verification`;
  await sendNotice(context, person, 'provider', await words(context.config.localesDir, person.language, key, { link, ...values(person.language) }));
}

export function sendDecisionNotice(context: Pick<NotifierContext, 'knex' | 'senders' | 'config'>, providerId: string, request: VerificationRequest) {
  const key = request.status === 'approved' ? 'verification_approved' : 'verification_rejected';
  return notify(context, providerId, key, (locale) => ({ reason: request.reason ?? '', date: longDate(request.insurance_expires_on, locale) }));
}

export function sendExpiryNotice(context: Pick<NotifierContext, 'knex' | 'senders' | 'config'>, providerId: string, key: 'insurance_expiring' | 'insurance_expired', expiresOn: string) {
  return notify(context, providerId, key, (locale) => ({ date: longDate(expiresOn, locale) }));
}

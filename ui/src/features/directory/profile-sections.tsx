import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { lastBookableDay, weekdays } from '@resuelve/contract';
import type { BusinessHours, SocialMedia, SocialNetwork } from '@resuelve/contract';
import { availabilityQueries } from '../../entities/availability/api.ts';
import { formatPhone } from '../../entities/phone/api.ts';
import type { ProviderContact } from '../../entities/provider/api.ts';
import { safeHttpUrl, socialLink } from './social-links.ts';
import { formatClock, formatDate, formatDay, formatTime, returnHere, todayInPuertoRico, useLocale, weekdayName } from './format.ts';
import { Button, ButtonLink } from '../../components/button.tsx';

/** Visitors see this in place of contact, booking and hours (SPEC.md §2). */
export function SignInPrompt() {
  const { t } = useTranslation('providers');
  const location = useLocation();
  return (
    <section className="profile-section sign-in-prompt card" aria-labelledby="sign-in-prompt-title">
      <h2 id="sign-in-prompt-title">{t('profile.sign_in_title')}</h2>
      <p>{t('profile.sign_in_text')}</p>
      <ButtonLink variant="primary" to="/auth" state={returnHere(location)}>
        {t('profile.sign_in')}
      </ButtonLink>
    </section>
  );
}

export function BusinessHoursTable({ hours }: { hours: BusinessHours }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  return (
    <section className="profile-section card" aria-labelledby="hours-title">
      <h2 id="hours-title">{t('profile.hours')}</h2>
      <table className="hours-table">
        <caption className="visually-hidden">{t('profile.hours')}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('profile.day')}</th>
            <th scope="col">{t('profile.hours_open')}</th>
          </tr>
        </thead>
        <tbody>
          {weekdays.map((day, index) => {
            const value = hours[day];
            return (
              <tr key={day}>
                <th scope="row">{weekdayName(index, locale)}</th>
                <td>
                  {value.open
                    ? t('profile.from_to', { from: formatClock(value.from, locale), to: formatClock(value.to, locale) })
                    : t('profile.closed')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function ContactSection({ contact, website, social }: { contact: ProviderContact; website: string | null; social: SocialMedia }) {
  const { t } = useTranslation('providers');
  const networks = Object.entries(social).filter(([, handle]) => Boolean(handle));
  return (
    <section id="contact" className="profile-section card" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('profile.contact')}</h2>
      <dl className="contact-list">
        {contact.phone_number && (
          <div>
            <dt>{t('profile.phone')}</dt>
            <dd>
              <a href={`tel:+${contact.phone_number.replace(/\D/g, '')}`}>{formatPhone(contact.phone_number)}</a>
            </dd>
          </div>
        )}
        {contact.business_address && (
          <div>
            <dt>{t('profile.address')}</dt>
            <dd>{contact.business_address}</dd>
          </div>
        )}
        {website && (
          <div>
            <dt>{t('profile.website')}</dt>
            <dd>
              <ExternalLink url={safeHttpUrl(website)?.href ?? null} label={website.replace(/^https?:\/\//, '').replace(/\/$/, '')} />
            </dd>
          </div>
        )}
        {networks.map(([network, handle]) => (
          <div key={network}>
            <dt>{t(`social.${network}`)}</dt>
            <dd>
              <SocialHandle network={network as SocialNetwork} value={handle!} />
            </dd>
          </div>
        ))}
      </dl>
      {!contact.phone_number && !contact.business_address && !website && networks.length === 0 && (
        <p className="muted">{t('profile.no_contact')}</p>
      )}
    </section>
  );
}

/**
 * The day the booking box opens on: the first with free times within the booking horizon (today
 * in the evening is often full), today while unknown or when none is free. `next` says why.
 */
function useFirstOpenDay(providerId: string): { day: string | null; next: 'later' | 'none' | null } {
  const days = useQuery({ ...availabilityQueries.days(providerId, 60), meta: { silent: true } });
  const today = todayInPuertoRico();
  if (days.isPending) return { day: null, next: null };
  if (days.isError) return { day: today, next: null };
  const open = days.data.find((d) => d.slots.length > 0);
  if (!open) return { day: today, next: 'none' };
  return { day: open.date, next: open.date === today ? null : 'later' };
}

/** A link that opens in a new tab, said so to screen readers; plain text when the address is not http(s). */
function ExternalLink({ url, label }: { url: string | null; label: string }) {
  const { t } = useTranslation('providers');
  if (!url) return <>{label}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {label}{' '}
      <span className="visually-hidden">{t('profile.new_tab')}</span>
    </a>
  );
}

function SocialHandle({ network, value }: { network: SocialNetwork; value: string }) {
  const link = socialLink(network, value);
  return <ExternalLink url={link?.href ?? null} label={link?.label ?? value} />;
}

/** Free times of a chosen day (DESIGN.md §6) and the way to the booking screen. */
export function BookingSection({ providerId }: { providerId: string }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const [picked, setPicked] = useState<string | null>(null);
  const first = useFirstOpenDay(providerId);
  const date = picked ?? first.day ?? '';
  const slots = useQuery({
    ...availabilityQueries.day(providerId, date, 60),
    enabled: Boolean(date),
    meta: { silent: true },
  });
  return (
    <section id="booking" className="profile-section card" aria-labelledby="booking-title">
      <h2 id="booking-title">{t('profile.booking')}</h2>
      <label className="field">
        <span>{t('profile.booking_date')}</span>
        <input className="input" type="date" min={todayInPuertoRico()} max={lastBookableDay(todayInPuertoRico())} value={date} onChange={(e) => setPicked(e.target.value)} />
      </label>
      {picked === null && first.next === 'later' && date && (
        <p className="booking-next" role="status">
          {t('profile.next_open_day', { date: formatDay(date, locale) })}
        </p>
      )}
      {picked === null && first.next === 'none' && <p className="muted">{t('profile.no_open_day')}</p>}
      {slots.isPending && <p className="muted">{t('profile.slots_loading')}</p>}
      {slots.isError && (
        <p className="field-error">
          {t('profile.slots_failed')}{' '}
          <Button variant="quiet" onClick={() => void slots.refetch()}>
            {t('results.retry')}
          </Button>
        </p>
      )}
      {slots.data && slots.data.slots.length === 0 && (
        <p className="muted">{t(`profile.no_slots.${slots.data.reason ?? 'none'}`)}</p>
      )}
      {slots.data && slots.data.slots.length > 0 && (
        <ul className="chip-list slot-list" aria-label={t('profile.slots', { date: formatDate(`${date}T12:00:00Z`, locale) })}>
          {slots.data.slots.map((slot) => (
            <li key={slot.start} className="slot">
              {formatTime(slot.start, locale, slots.data.timezone)}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">{t('profile.booking_note')}</p>
      <ButtonLink variant="accent" to={`/providers/${encodeURIComponent(providerId)}/book`}>
        {t('card.book')}
      </ButtonLink>
    </section>
  );
}

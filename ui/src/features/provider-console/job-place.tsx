import { useTranslation } from 'react-i18next';
import { MapPin, MessageSquare, Phone } from 'lucide-react';
import { ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import { conversationPath } from '../../entities/conversation/links.ts';
import type { Job } from '../../entities/job/api.ts';
import { formatPhone } from '../../entities/phone/api.ts';

/** A Google Maps search for an address as written: it opens the app on a phone, the site elsewhere. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A dialable number: digits with the country code (Puerto Rico numbers are +1). */
function dialable(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** Why the provider does not see the client's address or contact: not accepted yet, or never was. */
function hiddenReason(job: Job): 'after_accept' | 'not_shared' {
  return ['cancelled', 'cancelled_by_client', 'expired'].includes(job.status) ? 'not_shared' : 'after_accept';
}

/**
 * Where the provider goes (decision record 0030): the address with a map link once the job is
 * accepted, the municipality only before; worded from the provider's side ("at the client's place").
 */
export function JobPlace({ job }: { job: Job }) {
  const { t } = useTranslation('provider-jobs');
  const { address, municipality } = job.place;
  const atClient = job.location_type === 'on_site' || job.location_type === 'client_location';
  return (
    <div className="job-place stack-start">
      <p className="job-place__type">{t(`place.type.${job.location_type}`)}</p>
      {address ? (
        <>
          <p className="job-place__address">{address}</p>
          <ButtonAnchor
            variant="secondary"
            size="md"
            icon={<MapPin size={16} aria-hidden="true" />}
            href={mapSearchUrl(address)}
            target="_blank"
            rel="noreferrer"
            aria-label={t('place.map_label', { address })}
          >
            {t('place.map')}
          </ButtonAnchor>
        </>
      ) : (
        <>
          {municipality ? <p className="job-place__municipality">{t('place.municipality', { municipality })}</p> : null}
          {/* Accepted (the contact is shared) yet no address on file: nothing is hidden, so no "after acceptance" note. */}
          {atClient && job.client_contact === null ? <p className="muted">{t(`place.${hiddenReason(job)}`)}</p> : null}
        </>
      )}
    </div>
  );
}

/**
 * How the provider reaches the client: by the client's preferred contact once the job is accepted
 * (a call or text link, or their email), and the conversation with them at any time.
 */
export function ClientContact({ job }: { job: Job }) {
  const { t } = useTranslation('provider-jobs');
  const contact = job.client_contact;
  return (
    <div className="job-contact stack-start">
      {contact ? (
        <>
          <p className="job-contact__prefers">{t(`contact.prefers.${contact.preferred_contact}`)}</p>
          {contact.phone ? (
            <p className="job-contact__phone">
              <a href={`tel:${dialable(contact.phone)}`} aria-label={t('contact.call_label', { phone: formatPhone(contact.phone) })}>
                {formatPhone(contact.phone)}
              </a>
            </p>
          ) : null}
          {contact.email ? (
            <p className="job-contact__email">
              <a href={`mailto:${contact.email}`} aria-label={t('contact.email_label', { email: contact.email })}>
                {contact.email}
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p className="muted">{t(`contact.${hiddenReason(job)}`)}</p>
      )}
      <div className="job-contact__actions wrap-row">
        {contact?.phone ? (
          contact.preferred_contact === 'sms' ? (
            <ButtonAnchor variant="primary" size="md" icon={<MessageSquare size={16} aria-hidden="true" />} href={`sms:${dialable(contact.phone)}`}>
              {t('contact.text')}
            </ButtonAnchor>
          ) : (
            <ButtonAnchor variant="primary" size="md" icon={<Phone size={16} aria-hidden="true" />} href={`tel:${dialable(contact.phone)}`}>
              {t('contact.call')}
            </ButtonAnchor>
          )
        ) : null}
        <ButtonLink variant="secondary" size="md" to={conversationPath({ client: job.client_id }, job.id)}>
          {t('details.contact_client')}
        </ButtonLink>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { whatsappLink } from '@resuelve/contract';
import { ButtonAnchor } from '../../components/button.tsx';
import type { Job } from '../../entities/job/api.ts';
import { formatJobDate, formatJobTime, useJobLocale } from '../../entities/job/job-format.ts';

/**
 * The provider's "on my way" with its arrival (contract on-my-way.ts), while the job waits to start.
 * The job's live events refresh it, so an open page shows it the moment the provider taps.
 */
export function JobOnTheWay({ job }: { job: Job }) {
  const { t } = useTranslation('on-my-way');
  const locale = useJobLocale();
  if (!job.on_my_way) return null;
  return (
    <div className="alert alert-success client-job__on-way" role="status">
      <p>
        <strong>{t('client.title', { provider: job.provider.name })}</strong>
      </p>
      <p>{t('client.arrival', { time: formatJobTime(job.on_my_way.arrival_at, locale, job.timezone) })}</p>
    </div>
  );
}

/**
 * "Message on WhatsApp" for the client of an accepted job whose provider keeps a number (the api
 * gives it to no one else), with a message already written in the client's language naming the job.
 */
export function WhatsappButton({ job }: { job: Job }) {
  const { t } = useTranslation('on-my-way');
  const locale = useJobLocale();
  if (!job.provider_whatsapp) return null;
  const message = t('whatsapp.message', { provider: job.provider.name, title: job.title, date: formatJobDate(job.scheduled_start, locale, job.timezone) });
  return (
    <ButtonAnchor variant="secondary" block href={whatsappLink(job.provider_whatsapp, message)} target="_blank" rel="noopener noreferrer">
      {t('whatsapp.button')}
    </ButtonAnchor>
  );
}

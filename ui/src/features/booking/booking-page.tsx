import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { providerQueries } from '../../entities/provider/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { BookingForm } from './booking-form.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import './booking.css';

/** /providers/{id}/book (client only): ask a provider for a service at one of their free times. */
export function BookingPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['booking', 'jobs', 'series', 'slot-alerts', 'providers']);
  const { id = '' } = useParams();
  const locale = useJobLocale();
  const signedIn = useSession((s) => s.status === 'signed_in');
  // The same answer as the provider's profile page: coming from there, the screen opens at once.
  const provider = useQuery({ ...providerQueries.detail(id, locale, signedIn), meta: { silent: true } });
  const title = provider.data ? t('title', { name: provider.data.company_name }) : t('title_loading');
  return (
    <PageFrame
      feature="booking"
      title={title}
      actions={
        <ButtonLink variant="quiet" to={`/providers/${encodeURIComponent(id)}`}>
          {t('back_to_profile')}
        </ButtonLink>
      }
    >
      {provider.isPending && <LoadingScreen message={t('loading')} />}
      {provider.isError && (
        <div className="card" role="alert">
          <p>{t('load_failed')}</p>
          <Button variant="primary" onClick={() => void provider.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {provider.data && provider.data.categories.length === 0 && <p className="card muted">{t('no_services')}</p>}
      {provider.data && provider.data.categories.length > 0 && (
        <div className="booking">
          <p className="muted">{t('intro')}</p>
          <BookingForm provider={provider.data} />
        </div>
      )}
    </PageFrame>
  );
}

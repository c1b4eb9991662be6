import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { providerQueries } from '../../entities/provider/api.ts';
import { BasicInfoForm, ServicesForm, SocialMediaForm } from './owner-forms.tsx';
import { RateForm } from './owner-rate-form.tsx';
import { CancellationPolicyForm } from './owner-cancellation-form.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';

const tabs = ['basic', 'services', 'rate', 'cancellation', 'social', 'projects'] as const;
type Tab = (typeof tabs)[number];

/**
 * The owner's edit tabs on their own profile (SPEC.md §2): ARIA tabs, arrows and Home/End move
 * between them. Projects are made and changed on the portfolio screen, which the projects tab
 * leads to; the gallery below shows the owner their private projects too.
 */
export function OwnerTabs() {
  const { t } = useTranslation('providers');
  const id = useId();
  // ?edit=rate opens a tab straight away (the dashboard's "set your rate" leads there).
  const [params] = useSearchParams();
  const asked = params.get('edit');
  const [tab, setTab] = useState<Tab>((tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'basic');
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });

  return (
    <section className="owner-tabs card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('owner.title')}</h2>
      <Tabs label={t('owner.title')} items={tabs.map((name) => ({ id: name, label: t(`owner.tabs.${name}`) }))} value={tab} onChange={setTab}>
        {own.isPending && <LoadingScreen />}
        {own.isError && (
          <p className="field-error">
            {t('owner.load_failed')}{' '}
            <Button variant="quiet" onClick={() => void own.refetch()}>
              {t('results.retry')}
            </Button>
          </p>
        )}
        {own.data && tab === 'basic' && <BasicInfoForm provider={own.data} />}
        {own.data && tab === 'services' && <ServicesForm />}
        {own.data && tab === 'rate' && <RateForm provider={own.data} />}
        {own.data && tab === 'cancellation' && <CancellationPolicyForm provider={own.data} />}
        {own.data && tab === 'social' && <SocialMediaForm provider={own.data} />}
        {own.data && tab === 'projects' && (
          <p>
            {t('owner.projects_text')}{' '}
            <ButtonLink to="/provider/portfolio" variant="secondary">
              {t('owner.projects_link')}
            </ButtonLink>
          </p>
        )}
      </Tabs>
    </section>
  );
}

import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { providerQueries } from '../../entities/provider/api.ts';
import { BasicInfoForm, ServicesForm, SocialMediaForm } from './owner-forms.tsx';
import { RateForm } from './owner-rate-form.tsx';

const tabs = ['basic', 'services', 'rate', 'social', 'projects'] as const;
type Tab = (typeof tabs)[number];

/**
 * The owner's edit tabs on their own profile (SPEC.md §2): ARIA tabs, arrows and Home/End move
 * between them. Projects are made and changed on the portfolio screen, which the projects tab
 * leads to; the gallery below shows the owner their private projects too.
 */
export function OwnerTabs() {
  const { t } = useTranslation('providers');
  const id = useId();
  const [tab, setTab] = useState<Tab>('basic');
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ basic: null, services: null, rate: null, social: null, projects: null });
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.indexOf(tab);
    const next =
      event.key === 'ArrowRight' ? tabs[(index + 1) % tabs.length] :
      event.key === 'ArrowLeft' ? tabs[(index + tabs.length - 1) % tabs.length] :
      event.key === 'Home' ? tabs[0] :
      event.key === 'End' ? tabs[tabs.length - 1] : undefined;
    if (!next) return;
    event.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  }

  return (
    <section className="owner-tabs card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('owner.title')}</h2>
      <div role="tablist" aria-label={t('owner.title')} className="owner-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            ref={(el) => {
              refs.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={`owner-tabs__tab${tab === name ? ' owner-tabs__tab--on' : ''}`}
            onClick={() => setTab(name)}
          >
            {t(`owner.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} className="owner-tabs__panel">
        {own.isPending && <LoadingScreen />}
        {own.isError && (
          <p className="field-error">
            {t('owner.load_failed')}{' '}
            <button type="button" className="btn btn-ghost" onClick={() => void own.refetch()}>
              {t('results.retry')}
            </button>
          </p>
        )}
        {own.data && tab === 'basic' && <BasicInfoForm provider={own.data} />}
        {own.data && tab === 'services' && <ServicesForm />}
        {own.data && tab === 'rate' && <RateForm provider={own.data} />}
        {own.data && tab === 'social' && <SocialMediaForm provider={own.data} />}
        {own.data && tab === 'projects' && (
          <p>
            {t('owner.projects_text')}{' '}
            <Link to="/provider/portfolio" className="btn btn-secondary">
              {t('owner.projects_link')}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

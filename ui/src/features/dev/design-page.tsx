import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { locales } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { outboxQueries } from '../../entities/outbox/api.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { designSections } from './design-samples.tsx';
import './design.css';

/** The namespaces the samples read, in both languages at once. */
const namespaces = ['design', 'jobs'];

/** Loads the samples' words in Spanish and English, whatever the app's language, and says when they are there. */
function useBothLanguages(): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void i18n
      .loadLanguages([...locales])
      .then(() => i18n.loadNamespaces(namespaces))
      .then(() => Promise.all(locales.map((lng) => i18n.reloadResources(lng, namespaces.filter((ns) => !i18n.hasResourceBundle(lng, ns))))))
      .then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [i18n]);
  return ready;
}

/**
 * /dev/design: every shared component and its variants, Spanish beside English (development only:
 * like /dev/outbox it shows nothing where the api has no development routes, i.e. in production).
 */
export function DesignPage() {
  const { t } = useTranslation('design');
  useDocumentTitle(t('title'), { exact: true });
  const probe = useQuery({ ...outboxQueries.messages('design@dev.invalid'), retry: false, meta: { silent: true } });
  const ready = useBothLanguages();

  return (
    <section className="dev-design" data-feature="dev" aria-labelledby="dev-design-title">
      <header className="dev-design__head">
        <h1 id="dev-design-title">{t('title')}</h1>
        <p className="dev-design__subtitle">{t('subtitle')}</p>
      </header>
      {probe.isPending || (probe.isSuccess && !ready) ? (
        <p role="status">{t('checking')}</p>
      ) : probe.isError ? (
        <p role="alert">{t('notAvailable')}</p>
      ) : (
        <Samples />
      )}
    </section>
  );
}

function Samples() {
  const { i18n } = useTranslation();
  const fixed = Object.fromEntries(locales.map((lng) => [lng, i18n.getFixedT(lng, 'design')])) as Record<Locale, TFunction>;
  const jobs = Object.fromEntries(locales.map((lng) => [lng, i18n.getFixedT(lng, 'jobs')])) as Record<Locale, TFunction>;
  return (
    <>
      {designSections.map((section) => (
        <section key={section.id} className="dev-design__section" aria-labelledby={`dev-design-${section.id}`}>
          <h2 id={`dev-design-${section.id}`} className="dev-design__section-title">
            {fixed.es(`sections.${section.id}`)} · {fixed.en(`sections.${section.id}`)}
          </h2>
          <div className="dev-design__columns">
            {locales.map((lng) => (
              <Column key={lng} lng={lng} label={fixed[lng]('language')}>
                {section.render({ t: fixed[lng], jobsT: jobs[lng], lng })}
              </Column>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

function Column({ lng, label, children }: { lng: Locale; label: string; children: ReactNode }) {
  return (
    <div className="dev-design__column" lang={lng}>
      <p className="dev-design__lang">{label}</p>
      {children}
    </div>
  );
}

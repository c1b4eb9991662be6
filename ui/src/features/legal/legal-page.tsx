import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import './legal.css';
import { usePublicPath } from '../../lib/public-path.ts';

type Document = 'terms' | 'privacy';

interface LegalSection {
  id: string;
  title: string;
  body?: string[];
  items?: string[];
}

const other: Record<Document, Document> = { terms: 'privacy', privacy: 'terms' };

/** An email address in a paragraph becomes a mail link. */
function withMailLinks(text: string): ReactNode {
  const parts = text.split(/([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={`mailto:${part}`}>
        {part}
      </a>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

/** /terms and /privacy: public, in the person's language, a contents list and numbered sections. */
function LegalPage({ document }: { document: Document }) {
  const { t } = useTranslation('legal');
  const publicPath = usePublicPath();
  const sections = t(`${document}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <PageFrame feature="legal" title={t(`${document}.title`)} head={{ kind: document }}>
      <article className="legal">
        <p className="legal__updated">{t('updated')}</p>
        <p className="legal__intro">
          {t(`${document}.intro`)}
        </p>
        <nav className="legal__toc" aria-label={t('toc')}>
          <h2 className="legal__toc-title">{t('toc')}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`} tabIndex={-1}>
            <h2 id={`${section.id}-title`}>
              <span className="legal__number">{index + 1}.</span> {section.title}
            </h2>
            {section.body?.map((paragraph) => <p key={paragraph}>{withMailLinks(paragraph)}</p>)}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{withMailLinks(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        <p className="legal__see-also">
          {t('see_also')}: <Link to={publicPath(`/${other[document]}`)}>{t(`${other[document]}.link`)}</Link>
        </p>
      </article>
    </PageFrame>
  );
}

export function TermsPage() {
  return <LegalPage document="terms" />;
}

export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}

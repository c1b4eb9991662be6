import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ranking, responseTimes } from '@resuelve/contract';
import { PageFrame } from '../../components/page-frame.tsx';
import './legal.css';
import { usePublicPath } from '../../lib/public-path.ts';

/** The contract's figures as the page states them: whole percents, hours, kilometres. */
const percent = (weight: number) => Math.round(weight * 100);
const inputs = [
  ['rating', { percent: percent(ranking.weights.rating) }],
  ['reviews', { percent: percent(ranking.weights.reviews), half: ranking.reviewsHalf }],
  [
    'response',
    {
      percent: percent(ranking.weights.response),
      half: ranking.responseHalfMinutes / 60,
      days: responseTimes.windowDays,
      cases: responseTimes.minimumCases,
    },
  ],
  ['distance', { percent: percent(ranking.weights.distance), half: ranking.distanceHalfKm }],
  ['price', { percent: percent(ranking.weights.price) }],
  ['verified', { percent: percent(ranking.weights.verified) }],
] as const;

const sectionIds = ['trade', 'quality', 'prior', 'not_counted', 'other_orders', 'providers'] as const;

/**
 * /ranking: how the search's relevance order works (decision record 0054), public and in the
 * person's language, its figures read from the contract's `ranking`, the very ones the api uses.
 */
export function RankingPage() {
  const { t } = useTranslation('ranking');
  const publicPath = usePublicPath();
  const paragraphs = (key: string, values?: Record<string, number>) => t(key, { returnObjects: true, ...values }) as string[];
  const section = (id: (typeof sectionIds)[number], index: number, body: ReactNode) => (
    <section key={id} id={id} className="legal__section" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>
        <span className="legal__number">{index + 1}.</span> {t(`${id}.title`)}
      </h2>
      {body}
    </section>
  );
  return (
    <PageFrame feature="legal" title={t('title')} head={{ kind: 'ranking' }}>
      <article className="legal">
        <p className="legal__intro">{t('intro')}</p>
        <nav className="legal__toc" aria-label={t('toc')}>
          <h2 className="legal__toc-title">{t('toc')}</h2>
          <ol>
            {sectionIds.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`${id}.title`)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {section(
          'trade',
          0,
          paragraphs('trade.body').map((text) => <p key={text}>{text}</p>),
        )}
        {section(
          'quality',
          1,
          <>
            <p>{t('quality.intro')}</p>
            <ul>
              {inputs.map(([key, values]) => (
                <li key={key}>{t(`quality.${key}`, values)}</li>
              ))}
            </ul>
          </>,
        )}
        {section(
          'prior',
          2,
          paragraphs('prior.body', { reviews: ranking.prior.reviews, rating: ranking.prior.rating }).map((text) => <p key={text}>{text}</p>),
        )}
        {section(
          'not_counted',
          3,
          <ul>
            {paragraphs('not_counted.items').map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>,
        )}
        {section(
          'other_orders',
          4,
          paragraphs('other_orders.body').map((text) => <p key={text}>{text}</p>),
        )}
        {section(
          'providers',
          5,
          <ul>
            {paragraphs('providers.items').map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>,
        )}
        <p className="legal__see-also">
          <Link to={publicPath('/providers')}>{t('back_to_search')}</Link>
        </p>
      </article>
    </PageFrame>
  );
}

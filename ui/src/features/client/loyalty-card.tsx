import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, intlLocale, loyaltyRules, nextTier, numberFormat, toLocale } from '@resuelve/contract';
import { loyaltyQueries, type LoyaltyEntry, type LoyaltySummary } from '../../entities/loyalty/api.ts';
import { TierBadge } from '../../entities/loyalty/tier-badge.tsx';
import { Button } from '../../components/button.tsx';
import './loyalty-card.css';
import { QueryState } from '../../components/query-state.tsx';

/**
 * The client's loyalty points (GET /loyalty/me): balance, tier, progress to the next tier and the
 * ledger. On home the newest entries and a link; on the profile the whole ledger, page by page.
 */
export function LoyaltyCard({ full = false }: { full?: boolean }) {
  const { t, i18n } = useTranslation('loyalty');
  const loyalty = useInfiniteQuery({ ...loyaltyQueries.mine(), meta: { silent: true } });
  const locale = intlLocale[toLocale(i18n.language)];
  const summary = loyalty.data?.pages[0];
  const entries = (loyalty.data?.pages ?? []).flatMap((page) => page.ledger.items);
  return (
    <section className="card loyalty-card" aria-labelledby="loyalty-card-title" aria-busy={loyalty.isPending} data-testid="loyalty-card">
      <h2 id="loyalty-card-title">{t('card.title')}</h2>
      <QueryState query={loyalty} loading={t('card.loading')} failed={t('card.error')} retryLabel={t('card.retry')} />
      {summary && <Standing summary={summary} locale={locale} />}
      {summary && (
        <div className="loyalty-card__ledger">
          <h3>{t('ledger.title')}</h3>
          {entries.length === 0 ? (
            <p className="muted">{t('ledger.empty')}</p>
          ) : (
            <ul className="loyalty-ledger">
              {(full ? entries : entries.slice(0, 3)).map((entry) => (
                <LedgerRow key={entry.id} entry={entry} locale={locale} />
              ))}
            </ul>
          )}
          {full && loyalty.hasNextPage && (
            <Button variant="secondary" disabled={loyalty.isFetchingNextPage} onClick={() => void loyalty.fetchNextPage()}>
              {loyalty.isFetchingNextPage ? t('ledger.loadingMore') : t('ledger.more')}
            </Button>
          )}
          {!full && entries.length > 0 && <Link to="/client/profile#loyalty">{t('card.seeLedger')}</Link>}
        </div>
      )}
    </section>
  );
}

function Standing({ summary, locale }: { summary: LoyaltySummary; locale: string }) {
  const { t } = useTranslation('loyalty');
  const whole = numberFormat(locale, { maximumFractionDigits: 0 });
  const next = nextTier(summary.tier);
  const from = loyaltyRules.tierThresholds[summary.tier];
  const to = next ? loyaltyRules.tierThresholds[next] : from;
  const progress = next ? Math.min(100, Math.round(((summary.tier_points - from) / (to - from)) * 100)) : 100;
  return (
    <div className="loyalty-card__standing">
      <p className="loyalty-card__points" data-testid="loyalty-points">
        <strong>{whole.format(summary.points)}</strong> {t('card.pointsUnit', { count: summary.points })}
      </p>
      <p data-testid="loyalty-tier">
        <TierBadge tier={summary.tier} />
      </p>
      {next && summary.points_to_next_tier !== null ? (
        <>
          <div
            className="loyalty-card__bar"
            role="progressbar"
            aria-label={t('card.progress', { tier: t(`tiers.${next}`) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span style={{ width: `${progress}%` }} />
          </div>
          <p className="muted">{t('card.toNext', { count: summary.points_to_next_tier, tier: t(`tiers.${next}`) })}</p>
        </>
      ) : (
        <p className="muted">{t('card.top')}</p>
      )}
      <p className="muted loyalty-card__note">{t('card.window', { count: summary.tier_points })}</p>
      <p className="muted loyalty-card__note">
        {t('card.howTo', { job: loyaltyRules.pointsPerCompletedJob, review: loyaltyRules.pointsPerReview, bonus: loyaltyRules.firstBookingBonus })}
      </p>
    </div>
  );
}

function LedgerRow({ entry, locale }: { entry: LoyaltyEntry; locale: string }) {
  const { t } = useTranslation('loyalty');
  const when = dateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(entry.created_at));
  return (
    <li className="loyalty-ledger__row">
      <span>
        <span className="loyalty-ledger__reason">{t(`ledger.reasons.${entry.reason}`)}</span>
        {entry.job_title && <span className="muted"> · {entry.job_title}</span>}
        <span className="muted loyalty-ledger__when"> · {when}</span>
      </span>
      <span className={`loyalty-ledger__points${entry.points < 0 ? ' loyalty-ledger__points--minus' : ''}`}>
        {t('ledger.points', { sign: entry.points < 0 ? '−' : '+', count: Math.abs(entry.points) })}
      </span>
    </li>
  );
}

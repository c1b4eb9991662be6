import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loyaltyQueries } from './api.ts';
import { TierBadge } from './tier-badge.tsx';

/**
 * A job's loyalty as its side sees it (GET /loyalty/jobs/{id}): the provider sees the client's tier
 * and whether their reward applies; the client sees the provider's reward and whether it is theirs.
 * Nothing while loading or when it fails: the job's screen stands without it.
 */
export function JobLoyaltyNote({ jobId, side }: { jobId: string; side: 'client' | 'provider' }) {
  const { t } = useTranslation('loyalty');
  const loyalty = useQuery({ ...loyaltyQueries.ofJob(jobId), meta: { silent: true } });
  if (!loyalty.data) return null;
  const { client_tier: tier, reward, reward_applies: applies } = loyalty.data;
  const values = reward ? { percent: reward.percent_off, tier: t(`tiers.${applies ? tier : reward.min_tier}`) } : null;
  if (side === 'provider') {
    return (
      <p className="job-loyalty" data-testid="job-loyalty">
        <TierBadge tier={tier} label="clientTier" />{' '}
        {reward && values && <span className="muted">{applies ? t('reward.clientGets', values) : t('reward.clientNot', values)}</span>}
      </p>
    );
  }
  if (!reward || !values) return null;
  return (
    <p className={`job-loyalty${applies ? ' job-loyalty--applies' : ''}`} data-testid="job-loyalty">
      {applies ? t('reward.applies', values) : t('reward.notYet', values)}
    </p>
  );
}

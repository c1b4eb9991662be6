import { useTranslation } from 'react-i18next';
import type { LoyaltyReward, LoyaltyTier } from './api.ts';
import './loyalty.css';

/** A tier's name as a badge, in the tier's colour. */
export function TierBadge({ tier, label }: { tier: LoyaltyTier; label?: 'tier' | 'clientTier' }) {
  const { t } = useTranslation('loyalty');
  const name = t(`tiers.${tier}`);
  return <span className={`tier-badge tier-badge--${tier}`}>{label === 'clientTier' ? t('reward.clientTier', { tier: name }) : t('card.tier', { tier: name })}</span>;
}

/** A provider's reward for loyal clients, as their card and profile show it. */
export function RewardBadge({ reward, short = false }: { reward: LoyaltyReward; short?: boolean }) {
  const { t } = useTranslation('loyalty');
  const values = { percent: reward.percent_off, tier: t(`tiers.${reward.min_tier}`) };
  return (
    <span className="reward-badge" title={t('reward.offer', values)}>
      {short ? t('reward.offerShort', values) : t('reward.offer', values)}
    </span>
  );
}

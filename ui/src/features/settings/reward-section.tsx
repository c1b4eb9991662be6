import { useState, type FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loyaltyRules, loyaltyTiers, type LoyaltyTier } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { loyaltyKeys, loyaltyQueries, removeReward, setReward } from '../../entities/loyalty/api.ts';
import { useChange } from '../../lib/use-change.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { WholeNumberInput } from '../../components/whole-number-input.tsx';

const refreshReward = (queryClient: Parameters<Parameters<typeof useChange>[1]>[0]) => void queryClient.invalidateQueries({ queryKey: loyaltyKeys.reward });

/** The provider's reward for loyal clients: a percent off from a tier, set or removed. */
export function RewardSection() {
  const { t } = useTranslation('loyalty');
  const { data } = useSuspenseQuery(loyaltyQueries.myReward());
  const [percent, setPercent] = useState(String(data.reward?.percent_off ?? 10));
  const [tier, setTier] = useState<LoyaltyTier>(data.reward?.min_tier ?? 'silver');
  const save = useChange(setReward, refreshReward);
  const remove = useChange(removeReward, refreshReward);
  const value = Number(percent);
  const invalid = !Number.isInteger(value) || value < loyaltyRules.rewardPercentMin || value > loyaltyRules.rewardPercentMax;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!invalid) void save.run({ percent_off: value, min_tier: tier }, t('settings.saved'));
  }

  return (
    <form className="reward-form" onSubmit={submit} noValidate>
      <p className="muted" role="status">
        {data.reward ? t('settings.current', { percent: data.reward.percent_off, tier: t(`tiers.${data.reward.min_tier}`) }) : t('settings.none')}
      </p>
      <FormField
        label={t('settings.percent')}
        hint={t('settings.percentHint', { min: loyaltyRules.rewardPercentMin, max: loyaltyRules.rewardPercentMax })}
        error={invalid ? t('settings.percentHint', { min: loyaltyRules.rewardPercentMin, max: loyaltyRules.rewardPercentMax }) : null}
      >
        {(ids) => (
          <WholeNumberInput {...ids} min={loyaltyRules.rewardPercentMin} max={loyaltyRules.rewardPercentMax} value={percent} onChange={(e) => setPercent(e.target.value)} />
        )}
      </FormField>
      <FormField label={t('settings.tier')}>
        {(ids) => (
          <select {...ids} className="input" value={tier} onChange={(e) => setTier(e.target.value as LoyaltyTier)}>
            {loyaltyTiers.map((value) => (
              <option key={value} value={value}>
                {t(`tiers.${value}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {(save.problem ?? remove.problem) && <ErrorAlert>{save.problem ?? remove.problem}</ErrorAlert>}
      <div className="reward-form__actions wrap-row">
        <Button type="submit" variant="primary" disabled={save.pending || invalid}>
          {save.pending ? t('settings.saving') : t('settings.save')}
        </Button>
        {data.reward && (
          <Button variant="secondary" busy={remove.pending} onClick={() => void remove.run(undefined, t('settings.removed'))}>
            {t('settings.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

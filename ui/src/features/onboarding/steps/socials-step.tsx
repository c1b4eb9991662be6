import { useTranslation } from 'react-i18next';
import { profileLimits, socialNetworks } from '@resuelve/contract';
import type { SocialValues, StepValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';

/** Provider step 6: social profiles, all optional (the portfolio part arrives with its own issue). */
export function SocialsStep({ values, onChange, serverErrors, ref }: StepProps<SocialValues>) {
  const { t } = useTranslation('onboarding');
  const form = useStepForm<StepValues>({
    values,
    onChange: (next) => onChange(next as SocialValues),
    serverErrors,
    ref,
    checks: {},
  });
  return (
    <>
      <p className="muted">{t('socials.intro')}</p>
      <div className="onb-grid">
        {socialNetworks.map((network) => (
          <FormField
            key={network}
            {...form.bind(network)}
            label={t(`socials.${network}`)}
            optional
            maxLength={profileLimits.socialHandleMax}
            placeholder={t(`socials.${network}_placeholder`)}
            error={form.visibleError(network)}
          />
        ))}
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/field-error.tsx';
import { useCategories } from '../../../entities/category/api.ts';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import type { InterestValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';
import { Button } from '../../../components/button.tsx';

/** Client step 5: the services the client may need (the interest list of SPEC.md §3); optional. */
export function InterestsStep({ values, onChange, serverErrors, ref }: StepProps<InterestValues>) {
  const { t } = useTranslation('onboarding');
  const categories = useCategories();
  const form = useStepForm({ values, onChange, serverErrors, ref, checks: {} });
  const interests = (categories.data ?? []).filter((c) => c.is_interest);
  const chosen = new Set(values.interested_services);
  const error = serverErrors?.interested_services;

  function toggle(slug: string) {
    const next = chosen.has(slug) ? values.interested_services.filter((s) => s !== slug) : [...values.interested_services, slug];
    form.setValue('interested_services', next);
  }

  if (categories.isPending) {
    return (
      <p className="muted" role="status">
        {t('categories:loading')}
      </p>
    );
  }
  if (categories.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('categories:load_failed')}</p>
        <Button variant="secondary" onClick={() => void categories.refetch()}>
          {t('categories:retry')}
        </Button>
      </div>
    );
  }
  if (interests.length === 0) return <p className="muted">{t('interests.empty')}</p>;
  return (
    <fieldset className="onb-pills">
      <legend className="onb-choices__legend">{t('interests.legend')}</legend>
      <div className="onb-pills__list">
        {interests.map((category) => (
          <label key={category.slug} className="choice-pill onb-pill">
            <input type="checkbox" checked={chosen.has(category.slug)} onChange={() => toggle(category.slug)} />
            <span>{category.name}</span>
          </label>
        ))}
      </div>
      <p className="field-hint" aria-live="polite">
        {t('interests.count', { count: chosen.size })}
      </p>
      {error && <FieldError>{fieldErrorText(t, error)}</FieldError>}
    </fieldset>
  );
}

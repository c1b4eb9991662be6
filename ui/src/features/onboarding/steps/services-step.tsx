import { useTranslation } from 'react-i18next';
import { checkServiceCategories, profileLimits } from '@resuelve/contract';
import { CategorySelector } from '../../../entities/category/category-selector/category-selector.tsx';
import { useCategories, useCategorySuggest } from '../../../entities/category/api.ts';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import type { ServiceValues } from '../draft.ts';
import { FormField } from '../form-field.tsx';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';

/** Provider step 5: the services offered (at least one) and insurance. */
export function ServicesStep(step: StepProps<ServiceValues>) {
  const { values } = step;
  const { t } = useTranslation('onboarding');
  const categories = useCategories();
  const suggest = useCategorySuggest();
  const form = useStepForm({
    ...step,
    checks: { category_ids: (v) => checkServiceCategories(v.category_ids) },
  });
  const servicesError = form.visibleError('category_ids');
  return (
    <>
      <CategorySelector
        label={t('services.label')}
        hint={t('services.hint')}
        value={values.category_ids}
        onChange={(ids) => {
          form.touch('category_ids');
          form.setValue('category_ids', ids);
        }}
        items={categories.data}
        itemsState={categories.isPending ? 'loading' : categories.isError ? 'error' : 'ready'}
        onRetryItems={() => void categories.refetch()}
        suggest={suggest}
        inputRef={form.refFor('category_ids')}
        error={fieldErrorText(t, servicesError, { words: { required: t('services.required') } })}
      />
      <fieldset className="onb-insurance">
        <legend className="onb-choices__legend">{t('services.insurance_legend')}</legend>
        <label className="onb-check">
          <input type="checkbox" checked={values.insured} onChange={(event) => form.setValue('insured', event.target.checked)} />
          <span>{t('services.insured')}</span>
        </label>
        {values.insured && (
          <FormField
            {...form.bind('insurance_details')}
            label={t('services.insurance_details')}
            multiline
            optional
            maxLength={profileLimits.insuranceDetailsMax}
            hint={t('services.insurance_hint')}
            error={form.visibleError('insurance_details')}
          />
        )}
      </fieldset>
    </>
  );
}

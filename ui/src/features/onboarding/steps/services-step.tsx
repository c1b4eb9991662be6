import { useTranslation } from 'react-i18next';
import { checkServiceCategories } from '@resuelve/contract';
import { CategorySelector } from '../../../entities/category/category-selector/category-selector.tsx';
import { useCategories, useCategorySuggest } from '../../../entities/category/api.ts';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import type { ServiceValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';

/**
 * Provider step 5: the services offered (at least one). "Asegurado" is not ticked here: it comes
 * from a certificate the provider sends from Verification once listed (migration 0036).
 */
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
      <section className="onb-insurance" aria-labelledby="onb-insurance-title">
        <h3 id="onb-insurance-title" className="onb-choices__legend">
          {t('services.insurance_legend')}
        </h3>
        <p className="field-hint">{t('services.insurance_note')}</p>
      </section>
    </>
  );
}

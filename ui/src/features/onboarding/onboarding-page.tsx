import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@resuelve/contract';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { useOnboardingProgress, useSaveProgress } from './api.ts';
import { AccountTypeStep } from './account-type-step.tsx';
import { restoreDraft, resumeIndex, stepsOf } from './draft.ts';
import type { StepData } from './draft.ts';
import { OnboardingLayout } from './onboarding-layout.tsx';
import { OnboardingWizard } from './onboarding-wizard.tsx';
import { Button } from '../../components/button.tsx';

/**
 * /onboarding (SPEC.md §2): the account type first, then that type's steps, resuming where the
 * saved progress (GET /profiles/me/onboarding) left off.
 */
export function OnboardingPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['onboarding', 'categories', 'phone']);
  const progress = useOnboardingProgress();
  const save = useSaveProgress();
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The draft kept when going back to the type choice, so choosing the same type again loses nothing.
  const [kept, setKept] = useState<{ type: AccountType; data: StepData } | null>(null);

  if (progress.isPending) {
    return (
      <OnboardingLayout>
        <LoadingScreen />
      </OnboardingLayout>
    );
  }
  if (progress.isError) {
    return (
      <OnboardingLayout>
        <div className="alert alert-error" role="alert">
          <p>{t('load_failed')}</p>
          <Button variant="secondary" onClick={() => void progress.refetch()}>
            {t('retry')}
          </Button>
        </div>
      </OnboardingLayout>
    );
  }

  const saved = progress.data;
  const type = saved.account_type;

  async function choose(chosen: AccountType) {
    setProblem(null);
    const data = kept?.type === chosen ? kept.data : chosen === type ? restoreDraft(chosen, saved.data) : {};
    try {
      await save.mutateAsync({ account_type: chosen, step: stepsOf(chosen)[0] ?? null, data });
      setChoosing(false);
    } catch (error) {
      setProblem(isApiError(error) && error.status === 0 ? t('errors:network_error') : t('save_failed', { reason: t('errors:unexpected') }));
    }
  }

  if (!type || choosing) {
    return (
      <OnboardingLayout>
        <AccountTypeStep initial={type} saving={save.isPending} problem={problem} onContinue={(chosen) => void choose(chosen)} />
      </OnboardingLayout>
    );
  }

  return (
    <OnboardingLayout>
      <OnboardingWizard
        key={type}
        type={type}
        initialIndex={resumeIndex(type, saved.step)}
        initialData={restoreDraft(type, saved.data)}
        onChangeType={(data) => {
          setKept({ type, data });
          setChoosing(true);
        }}
      />
    </OnboardingLayout>
  );
}

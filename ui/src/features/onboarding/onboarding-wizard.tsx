import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComponentType, FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@resuelve/contract';
import { isApiError } from '../../lib/api-error.ts';
import { useCompleteClientOnboarding, useCompleteProviderOnboarding, useRefreshProfile, useSaveProgress } from './api.ts';
import { clientPayload, errorsByStep, providerPayload, stepsOf } from './draft.ts';
import type { StepData, StepValues } from './draft.ts';
import { StepIndicator } from './step-indicator.tsx';
import type { StepHandle } from './use-step-form.ts';
import { BusinessStep } from './steps/business-step.tsx';
import { ClientAddressStep } from './steps/client-address-step.tsx';
import { CompanyStep } from './steps/company-step.tsx';
import { ContactStep } from './steps/contact-step.tsx';
import { InterestsStep } from './steps/interests-step.tsx';
import { PersonalStep } from './steps/personal-step.tsx';
import { PhoneStep } from './steps/phone-step.tsx';
import { PictureStep } from './steps/picture-step.tsx';
import { ServicesStep } from './steps/services-step.tsx';
import { SocialsStep } from './steps/socials-step.tsx';
import type { StepProps } from './steps/step-props.ts';
import { Button } from '../../components/button.tsx';

type StepView = ComponentType<StepProps<StepValues>>;
// Each step declares its own values; the wizard hands every step the slice of the draft it owns.
const view = <V extends StepValues>(component: ComponentType<StepProps<V>>) => component as unknown as StepView;

const stepViews: Record<string, StepView> = {
  personal: view(PersonalStep),
  phone: view(PhoneStep),
  address: view(ClientAddressStep),
  contact: view(ContactStep),
  interests: view(InterestsStep),
  company: view(CompanyStep),
  picture: view(PictureStep),
  business: view(BusinessStep),
  services: view(ServicesStep),
  socials: view(SocialsStep),
};

export interface OnboardingWizardProps {
  type: AccountType;
  initialIndex: number;
  initialData: StepData;
  /** Back from the first step: choose the account type again. */
  onChangeType: (data: StepData) => void;
}

/**
 * The client's 5 or the provider's 6 steps (SPEC.md §2): Next checks the step, saves the whole
 * draft (PUT /profiles/me/onboarding) and moves on; Back keeps what was typed; the last step
 * finishes and lands on the right home. The api's field errors lead back to their step.
 */
export function OnboardingWizard({ type, initialIndex, initialData, onChangeType }: OnboardingWizardProps) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const steps = stepsOf(type);
  const [index, setIndex] = useState(initialIndex);
  const [data, setData] = useState<StepData>(initialData);
  const [serverErrors, setServerErrors] = useState<Record<string, Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const dataRef = useRef(data);
  const stepRef = useRef<StepHandle>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const moved = useRef(false);
  const save = useSaveProgress();
  const completeClient = useCompleteClientOnboarding();
  const completeProvider = useCompleteProviderOnboarding();
  const refreshProfile = useRefreshProfile();
  const step = steps[index] ?? steps[0] ?? '';
  const busy = save.isPending || completeClient.isPending || completeProvider.isPending;

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step's title, not on the page's top.
    if (moved.current) headingRef.current?.focus();
  }, [index]);

  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  const onStepChange = useCallback(
    (values: StepValues) => {
      const before = dataRef.current[step] ?? {};
      const changed = Object.keys(values).filter((key) => values[key] !== before[key]);
      dataRef.current = { ...dataRef.current, [step]: values };
      setData(dataRef.current);
      if (changed.length === 0) return;
      // An error the api reported for a field stands until the person changes that field.
      setServerErrors((prev) => {
        const own = prev[step];
        if (!own || !changed.some((key) => key in own)) return prev;
        return { ...prev, [step]: Object.fromEntries(Object.entries(own).filter(([key]) => !changed.includes(key))) };
      });
    },
    [step],
  );

  function go(to: number) {
    moved.current = true;
    setMessage(null);
    setIndex(to);
  }

  function problemText(error: unknown): string {
    if (!isApiError(error)) return t('errors:unexpected');
    if (error.status === 0) return t('errors:network_error');
    return t(`errors:${error.code}`, { defaultValue: t('errors:unexpected') });
  }

  // "/" sends an onboarded person to the home of their type (the app's home route holds that rule).
  function goHome() {
    navigate('/', { replace: true });
  }

  async function finish() {
    try {
      if (type === 'provider') await completeProvider.mutateAsync(providerPayload(dataRef.current));
      else await completeClient.mutateAsync(clientPayload(dataRef.current));
      goHome();
    } catch (error) {
      if (isApiError(error) && error.code === 'already_onboarded') {
        if (await refreshProfile().catch(() => null)) goHome();
        return;
      }
      if (isApiError(error) && error.code === 'phone_not_verified' && steps.includes('phone')) {
        setServerErrors((prev) => ({ ...prev, phone: { phone_number: 'phone_not_verified' } }));
        go(steps.indexOf('phone'));
        return;
      }
      const grouped = isApiError(error) ? errorsByStep(type, error.details) : {};
      const first = steps.findIndex((s) => grouped[s]);
      if (first >= 0) {
        setServerErrors(grouped);
        go(first);
      }
      setMessage(problemText(error));
    }
  }

  async function next(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setMessage(null);
    if (stepRef.current && !stepRef.current.validate()) return;
    const last = index === steps.length - 1;
    try {
      await save.mutateAsync({ account_type: type, step: last ? step : (steps[index + 1] ?? step), data: dataRef.current });
    } catch (error) {
      setMessage(t('save_failed', { reason: problemText(error) }));
      return;
    }
    if (last) await finish();
    else go(index + 1);
  }

  function back() {
    if (busy) return;
    // Remember where the person is, typed values included; a failure here only costs the resume point.
    save.mutate({ account_type: type, step: index === 0 ? (steps[0] ?? null) : (steps[index - 1] ?? null), data: dataRef.current });
    if (index === 0) onChangeType(dataRef.current);
    else go(index - 1);
  }

  const View = stepViews[step];
  const last = index === steps.length - 1;
  const skippable = step === 'picture' && !data.picture?.url;
  const nextLabel = busy ? (last && !save.isPending ? t('finishing') : t('saving')) : last ? t('finish') : skippable ? t('skip') : t('next');
  // The phone step holds its own small forms, and forms cannot nest.
  const Wrapper = step === 'phone' ? 'div' : 'form';
  const wrapperProps = Wrapper === 'form' ? { noValidate: true, onSubmit: (e: FormEvent) => void next(e) } : {};

  return (
    <section className="onb-step" aria-labelledby="onb-step-title">
      <StepIndicator steps={steps} current={index} />
      <h2 id="onb-step-title" ref={headingRef} tabIndex={-1} className="onb-step__title">
        {t(`titles.${step}`)}
      </h2>
      <p className="muted onb-step__intro">{t(`intros.${type}.${step}`)}</p>
      <Wrapper className="onb-step__body" {...wrapperProps}>
        {View && <View key={step} ref={stepRef} values={data[step] ?? {}} onChange={onStepChange} serverErrors={serverErrors[step]} />}
        {message && (
          <p ref={messageRef} tabIndex={-1} className="alert alert-error onb-step__message" role="alert">
            {message}
          </p>
        )}
        {/* Pressing a button must not blur the field first: the field's error would appear, push the
            buttons down between mouse-down and mouse-up, and the click would be lost. Next checks the
            step itself and moves focus to the first error. */}
        <div className="onb-actions" onMouseDown={(event) => event.preventDefault()}>
          <Button variant="secondary" onClick={back} disabled={busy}>
            {t('back')}
          </Button>
          <Button
            type={Wrapper === 'form' ? 'submit' : 'button'}
            variant="primary"
            disabled={busy}
            onClick={Wrapper === 'form' ? undefined : () => void next()}
          >
            {nextLabel}
          </Button>
        </div>
      </Wrapper>
    </section>
  );
}

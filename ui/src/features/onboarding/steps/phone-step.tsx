import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { phoneQueries, sendVerificationCode, usePhoneStatus, verifyPhoneCode } from '../../../entities/phone/api.ts';
import { PhoneVerification } from '../../../entities/phone/phone-verification/phone-verification.tsx';
import type { PhoneVerificationPhase } from '../../../entities/phone/phone-verification/phone-verification.tsx';
import type { PhoneValues } from '../draft.ts';
import { useStepForm } from '../use-step-form.ts';
import type { StepProps } from './step-props.ts';
import { Button } from '../../../components/button.tsx';

/** The phone step of both onboardings: a verified number is needed to finish (409 phone_not_verified). */
export function PhoneStep(step: StepProps<PhoneValues>) {
  const { values, onChange, serverErrors } = step;
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const status = usePhoneStatus();
  const [missing, setMissing] = useState(false);
  const [phase, setPhase] = useState<PhoneVerificationPhase | null>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const verified = values.verified || status.data?.verified === true;

  useStepForm({
    ...step,
    checks: {},
    extraValidate: () => {
      setMissing(!verified);
      if (!verified) setTimeout(() => message.current?.focus(), 0);
      return verified;
    },
  });

  // Verified earlier (another tab, a reload): the draft follows the server, once per answer.
  const latest = useRef({ values, onChange });
  latest.current = { values, onChange };
  useEffect(() => {
    const number = status.data?.phone_number;
    const { values: current, onChange: report } = latest.current;
    if (status.data?.verified && number && (!current.verified || current.phone_number !== number)) {
      report({ ...current, phone_number: number, verified: true });
    }
  }, [status.data]);

  if (status.isPending) {
    return (
      <p className="muted" role="status">
        {t('common:loading')}
      </p>
    );
  }
  if (status.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('phone_step.status_failed')}</p>
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }

  const unverified = serverErrors?.phone_number ?? (missing && !verified ? 'phone_not_verified' : null);
  // Once a code is sent, "verify your phone first" would be stale: what is left is entering the code.
  const problem = unverified === 'phone_not_verified' && phase === 'code' ? 'enter_code' : unverified;
  return (
    <>
      <PhoneVerification
        send={sendVerificationCode}
        verify={verifyPhoneCode}
        initialStatus={status.data}
        initialPhone={values.phone_number}
        onPhoneChange={(typed) => onChange({ ...values, phone_number: typed, verified: false })}
        onPhaseChange={setPhase}
        onVerified={(result) => {
          setMissing(false);
          onChange({ ...values, phone_number: result.phone_number, verified: true });
          queryClient.setQueryData(phoneQueries.status().queryKey, { phone_number: result.phone_number, verified: true, pending: null });
        }}
      />
      {problem && (
        <p ref={message} tabIndex={-1} className="alert alert-error onb-step__message" role="alert">
          {problem === 'enter_code' ? t('phone_step.enter_code') : t(`errors:${problem}`, { defaultValue: t('errors:phone_not_verified') })}
        </p>
      )}
    </>
  );
}

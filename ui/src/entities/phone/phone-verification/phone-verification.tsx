import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkPhone, checkVerificationCode, limits, profileLimits } from '@resuelve/contract';
import type { CodeSent, PhoneStatus, PhoneVerified } from '../api.ts';
import { formatPhone } from '../api.ts';
import { fieldErrorText } from '../../../lib/field-error-text.ts';
import { FieldError } from '../../../components/field-error.tsx';
import type { FieldIds } from '../../../components/form-field.tsx';
import { phoneProblemOf } from './phone-problem.ts';
import type { PhoneProblem } from './phone-problem.ts';
import { clockText, useCountdown } from '../../../lib/use-countdown.ts';
import { Button } from '../../../components/button.tsx';
import './phone-verification.css';

export interface PhoneVerificationProps {
  /** POST /phone/send-verification (entities/phone sendVerificationCode). */
  send: (phoneNumber: string) => Promise<CodeSent>;
  /** POST /phone/verify (entities/phone verifyPhoneCode). */
  verify: (phoneNumber: string, code: string) => Promise<PhoneVerified>;
  onVerified: (result: PhoneVerified) => void;
  /** Where things already stand (GET /phone/verification-status): a verified number or a code waiting. */
  initialStatus?: PhoneStatus | null;
  /** A number typed before (e.g. a saved draft). */
  initialPhone?: string;
  /** Each keystroke in the number, for a screen that keeps drafts (Back keeps what was typed). */
  onPhoneChange?: (typed: string) => void;
  /** Where the verification stands now, so the screen's own hint can follow it (a code sent: enter it). */
  onPhaseChange?: (phase: PhoneVerificationPhase) => void;
}

export type PhoneVerificationPhase = 'phone' | 'code' | 'verified';
type Phase = PhoneVerificationPhase;

function secondsUntil(iso: string): number {
  return Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000));
}

/**
 * Phone verification (SPEC.md §4): send a code, type the 6 digits, verify; a new code after a
 * visible countdown; every phone error of SPEC.md §8 in words. Status changes are announced.
 */
export function PhoneVerification(props: PhoneVerificationProps) {
  const { send, verify, onVerified, initialStatus, initialPhone = '', onPhoneChange, onPhaseChange } = props;
  const { t } = useTranslation('phone');
  const id = useId();
  const pending = initialStatus?.verified ? null : initialStatus?.pending;
  const [phase, setPhase] = useState<Phase>(initialStatus?.verified ? 'verified' : pending ? 'code' : 'phone');
  const [phone, setPhone] = useState(() => {
    const known = initialStatus?.verified ? initialStatus.phone_number : pending?.phone_number;
    return known ? formatPhone(known) : initialPhone;
  });
  const [sentTo, setSentTo] = useState(pending?.phone_number ?? (initialStatus?.verified ? (initialStatus.phone_number ?? '') : ''));
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState({ phone: false, code: false });
  const [problem, setProblem] = useState<PhoneProblem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const resend = useCountdown(pending ? secondsUntil(pending.resend_at) : 0);
  const phoneInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  const sending = useMutation({ mutationFn: send, retry: false, meta: { silent: true } });
  const verifying = useMutation({
    mutationFn: (input: { phone: string; code: string }) => verify(input.phone, input.code),
    retry: false,
    meta: { silent: true },
  });

  useEffect(() => {
    if (phase === 'code') codeInput.current?.focus();
  }, [phase, sentTo]);

  const reportPhase = useRef(onPhaseChange);
  reportPhase.current = onPhaseChange;
  useEffect(() => {
    reportPhase.current?.(phase);
  }, [phase]);

  const phoneError = checkPhone(phone);
  const codeError = checkVerificationCode(code);
  const problemText = !problem
    ? null
    : problem.fieldCode
      ? fieldErrorText(t, problem.fieldCode)
      : t(problem.message, { ...problem.values, time: clockText(problem.wait ?? 0), defaultValue: t('errors:unexpected') });
  const shownPhoneError = problem?.field === 'phone' ? problemText : touched.phone ? fieldErrorText(t, phoneError) : null;
  const shownCodeError = problem?.field === 'code' ? problemText : touched.code ? fieldErrorText(t, codeError) : null;
  const generalProblem = problem && !problem.field ? problemText : null;
  const codeUnusable = problem?.needsNewCode === true;

  function fail(error: unknown) {
    const found = phoneProblemOf(error);
    setProblem(found);
    // A dead code can be replaced as soon as the server allows (its Retry-After, else now).
    if (found.wait !== undefined || found.needsNewCode) resend.start(found.wait ?? 0);
    if (found.field === 'phone') {
      setPhase('phone');
      phoneInput.current?.focus();
    } else if (found.field === 'code') codeInput.current?.focus();
  }

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    setTouched((prev) => ({ ...prev, phone: true }));
    if (phoneError) {
      phoneInput.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const sent = await sending.mutateAsync(phone);
      setSentTo(sent.phone_number);
      setCode('');
      setTouched({ phone: true, code: false });
      resend.start(sent.resend_in);
      setPhase('code');
      setAnnouncement(t('sent', { phone: formatPhone(sent.phone_number) }));
    } catch (error) {
      fail(error);
    }
  }

  async function verifyCode(event: FormEvent) {
    event.preventDefault();
    setTouched((prev) => ({ ...prev, code: true }));
    if (codeError) {
      codeInput.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const result = await verifying.mutateAsync({ phone: sentTo, code });
      setPhase('verified');
      setSentTo(result.phone_number);
      setAnnouncement(t('verified', { phone: formatPhone(result.phone_number) }));
      onVerified(result);
    } catch (error) {
      fail(error);
    }
  }

  function changeNumber() {
    setPhase('phone');
    setProblem(null);
    setCode('');
    setAnnouncement('');
    setTimeout(() => phoneInput.current?.focus(), 0);
  }

  return (
    <div className="phone-verification">
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      {phase === 'verified' && (
        <div className="phone-verification__done">
          <p className="alert alert-success phone-verification__success">
            <span aria-hidden="true">✓ </span>
            {t('verified', { phone: formatPhone(sentTo) })}
          </p>
          <Button variant="quiet" onClick={changeNumber}>
            {t('use_another')}
          </Button>
        </div>
      )}

      {phase === 'phone' && (
        <form className="phone-verification__form" noValidate onSubmit={sendCode}>
          <FieldWithButton
            id={`${id}-phone`}
            label={t('phone_label')}
            hint={t('phone_hint')}
            error={shownPhoneError}
            button={
              <Button type="submit" variant="primary" disabled={sending.isPending || resend.remaining > 0}>
                {sending.isPending ? t('sending') : t('send')}
              </Button>
            }
          >
            {(ids) => (
              <input
                {...ids}
                ref={phoneInput}
                className="input"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={phone}
                onChange={(event) => {
                  setPhone(event.target.value);
                  onPhoneChange?.(event.target.value);
                  if (problem?.field === 'phone') setProblem(null);
                }}
                onBlur={() => setTouched((prev) => ({ ...prev, phone: true }))}
              />
            )}
          </FieldWithButton>
        </form>
      )}

      {phase === 'code' && (
        <form className="phone-verification__form" noValidate onSubmit={verifyCode}>
          <p className="phone-verification__sent">{t('sent', { phone: formatPhone(sentTo) })}</p>
          <FieldWithButton
            id={`${id}-code`}
            label={t('code_label')}
            hint={t('code_hint', { count: limits.verificationCodeLength, minutes: profileLimits.phoneCodeTtlMinutes })}
            error={shownCodeError}
            button={
              <Button type="submit" variant="primary" disabled={verifying.isPending || codeUnusable}>
                {verifying.isPending ? t('verifying') : t('verify')}
              </Button>
            }
          >
            {(ids) => (
              <input
                {...ids}
                ref={codeInput}
                className="input phone-verification__code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={limits.verificationCodeLength}
                value={code}
                disabled={codeUnusable}
                onChange={(event) => {
                  setCode(event.target.value.replace(/\D/g, '').slice(0, limits.verificationCodeLength));
                  if (problem?.field === 'code') setProblem(null);
                }}
                onBlur={() => setTouched((prev) => ({ ...prev, code: true }))}
              />
            )}
          </FieldWithButton>
          {/* The consent to texts, recorded with its wording when the number is verified (decision 0056). */}
          <p className="muted phone-verification__consent">{t('sms_consent')}</p>
          <div className="phone-verification__actions">
            {resend.remaining > 0 ? (
              <p className="muted phone-verification__countdown">{t('resend_in', { time: clockText(resend.remaining) })}</p>
            ) : (
              <Button variant="secondary" busy={sending.isPending} onClick={() => void sendCode()}>
                {sending.isPending ? t('sending') : t('resend')}
              </Button>
            )}
            <Button variant="quiet" onClick={changeNumber}>
              {t('change_number')}
            </Button>
          </div>
        </form>
      )}

      {generalProblem && (
        <p className="alert alert-error phone-verification__problem" role="alert">
          {generalProblem}
        </p>
      )}
      {phase === 'phone' && resend.remaining > 0 && (
        <p className="muted phone-verification__countdown">{t('resend_in', { time: clockText(resend.remaining) })}</p>
      )}
    </div>
  );
}

/** A labelled input with its hint, the button that acts on it beside it, and its error beneath. */
function FieldWithButton(props: { id: string; label: string; hint: string; error: string | null | undefined; button: ReactNode; children: (ids: FieldIds) => ReactElement }) {
  const { id, error } = props;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      <div className="phone-verification__row">
        {props.children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': `${id}-hint${error ? ` ${id}-error` : ''}` })}
        {props.button}
      </div>
      {error && (
        <FieldError id={`${id}-error`} alert>
          {error}
        </FieldError>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  cancellationFeeKinds,
  cancellationFreeHoursChoices,
  cancellationLimits,
  checkCancellationPolicy,
  parseRateAmount,
  rescheduleNoticeHoursChoices,
} from '@resuelve/contract';
import type { CancellationFeeKind, CancellationFreeHours, CancellationPolicy, RescheduleNoticeHours } from '@resuelve/contract';
import { formatMoney } from '../../components/price/price.tsx';
import { providerKeys, updateOwnProvider } from '../../entities/provider/api.ts';
import type { OwnProvider } from '../../entities/provider/api.ts';
import { CancellationPolicyLine } from '../../entities/provider/cancellation-policy.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useLocale } from './format.ts';
import { Button } from '../../components/button.tsx';
import { MoneyInput } from '../../components/money-input.tsx';

/** The fee as typed: dollars for a fixed fee, a whole percent for a share. */
function feeText(policy: CancellationPolicy): string {
  if (policy.fee_value === null) return '';
  return policy.fee_kind === 'percent' ? String(policy.fee_value) : (policy.fee_value / 100).toString();
}

/** The typed fee as the policy's value: cents, or a percent; NaN for text that is neither, null for none. */
function feeValue(kind: CancellationFeeKind, text: string): number | null {
  if (kind === 'fixed') return parseRateAmount(text);
  const flat = text.replace(/[\s%]/g, '');
  if (!flat) return null;
  return /^\d{1,3}$/.test(flat) ? Number(flat) : Number.NaN;
}

/**
 * The owner's cancellation policy (issue 28): until when cancelling is free (a few choices, or
 * always), the fee after (a fixed amount or a share of the total), and the notice a client gives
 * to ask for another time. Checked by contract's rule, as the api checks it; a preview shows the
 * line clients will read on the profile, the booking summary and the cancel dialog.
 */
export function CancellationPolicyForm({ provider }: { provider: OwnProvider }) {
  const { t } = useTranslation('providers');
  const { t: tErrors } = useTranslation('errors');
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const initial = provider.cancellation_policy;
  const [freeHours, setFreeHours] = useState<CancellationFreeHours | null>(initial.free_hours);
  const [kind, setKind] = useState<CancellationFeeKind>(initial.fee_kind ?? 'fixed');
  const [fee, setFee] = useState(feeText(initial));
  const [notice, setNotice] = useState<RescheduleNoticeHours>(initial.reschedule_notice_hours);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (policy: CancellationPolicy) => updateOwnProvider({ cancellation_policy: policy }),
    onSuccess: () => {
      toast.success(t('cancellation.saved'));
      void queryClient.invalidateQueries({ queryKey: providerKeys.all });
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.details) setError(failure.details['cancellation_policy.fee_value'] ?? 'invalid_format');
    },
  });

  const value = freeHours === null ? null : feeValue(kind, fee);
  const policy: CancellationPolicy =
    freeHours === null
      ? { free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: notice }
      : { free_hours: freeHours, fee_kind: kind, fee_value: value, reschedule_notice_hours: notice };
  const problem = value !== null && Number.isNaN(value) ? 'invalid_format' : (checkCancellationPolicy(policy).fee_value ?? null);
  const range =
    kind === 'fixed'
      ? t('cancellation.fee_amount_range', { min: formatMoney(cancellationLimits.fixedFeeCentsMin, locale), max: formatMoney(cancellationLimits.fixedFeeCentsMax, locale) })
      : t('cancellation.fee_percent_range', { min: cancellationLimits.percentMin, max: cancellationLimits.percentMax });
  const errorWords = { out_of_range: range, invalid_format: kind === 'fixed' ? t('cancellation.fee_format') : range, invalid_type: range, required: t('cancellation.fee_required') };

  const feeInput = {
    id: `${id}-fee`,
    value: fee,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setError(null);
      setFee(e.target.value);
    },
    'aria-describedby': `${id}-fee-hint`,
    'aria-invalid': error ? true : undefined,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(problem);
    if (problem) return;
    save.mutate(policy);
  }

  return (
    <form className="owner-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('cancellation.title')}</h3>
      <p className="muted">{t('cancellation.intro')}</p>
      <div className="field">
        <label htmlFor={`${id}-window`}>{t('cancellation.window')}</label>
        <select
          id={`${id}-window`}
          className="select"
          value={freeHours === null ? '' : String(freeHours)}
          onChange={(e) => {
            setError(null);
            setFreeHours(e.target.value ? (Number(e.target.value) as CancellationFreeHours) : null);
          }}
        >
          <option value="">{t('cancellation.window_always')}</option>
          {cancellationFreeHoursChoices.map((hours) => (
            <option key={hours} value={hours}>
              {t('cancellation.window_hours', { hours })}
            </option>
          ))}
        </select>
      </div>
      {freeHours !== null && (
        <>
          <fieldset className="owner-form__choice">
            <legend>{t('cancellation.fee_kind')}</legend>
            {cancellationFeeKinds.map((option) => (
              <label key={option} className="search-filters__check row">
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setError(null);
                    setKind(option);
                  }}
                />{' '}
                {t(`cancellation.fee_kinds.${option}`)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-fee`}>{kind === 'fixed' ? t('cancellation.fee_amount') : t('cancellation.fee_percent')}</label>
            {kind === 'fixed' ? (
              <MoneyInput {...feeInput} />
            ) : (
              <span className="percent-input">
                <input {...feeInput} className="input" inputMode="numeric" autoComplete="off" />
                <span aria-hidden="true">%</span>
              </span>
            )}
            {/* The error, when there is one, takes the hint's place: both would say the range. */}
            {error ? (
              <span id={`${id}-fee-hint`} className="field-error">
                {fieldErrorText(tErrors, error, { words: errorWords })}
              </span>
            ) : (
              <span id={`${id}-fee-hint`} className="field-hint">
                {range}
              </span>
            )}
          </div>
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-notice`}>{t('cancellation.notice_label')}</label>
        <select
          id={`${id}-notice`}
          className="select"
          aria-describedby={`${id}-notice-hint`}
          value={String(notice)}
          onChange={(e) => setNotice(Number(e.target.value) as RescheduleNoticeHours)}
        >
          {rescheduleNoticeHoursChoices.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0 ? t('cancellation.notice_none') : t('cancellation.notice_hours', { hours })}
            </option>
          ))}
        </select>
        <span id={`${id}-notice-hint`} className="field-hint">
          {t('cancellation.notice_hint')}
        </span>
      </div>
      <div className="owner-form__preview" aria-live="polite">
        <span>{t('cancellation.preview')}</span>{' '}
        {problem ? <span className="muted">—</span> : <CancellationPolicyLine policy={policy} className="owner-form__policy" />}
      </div>
      <div className="owner-form__actions wrap-row">
        <Button type="submit" variant="primary" className="owner-form__submit" busy={save.isPending}>
          {save.isPending ? t('owner.saving') : t('owner.save')}
        </Button>
      </div>
    </form>
  );
}

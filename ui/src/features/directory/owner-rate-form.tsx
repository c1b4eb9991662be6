import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { checkRateAmountText, parseRateAmount, rateLimits, rateUnits } from '@resuelve/contract';
import type { ProviderRate, RateUnit } from '@resuelve/contract';
import { Price, formatMoney } from '../../components/price/price.tsx';
import { jobKeys } from '../../entities/job/api.ts';
import { providerKeys, updateOwnProvider } from '../../entities/provider/api.ts';
import type { OwnProvider } from '../../entities/provider/api.ts';
import { isApiError } from '../../lib/api-client.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useLocale } from './format.ts';
import { Button } from '../../components/button.tsx';
import { MoneyInput } from '../../components/money-input.tsx';

/**
 * The rate clients see on the card, the profile and the booking summary (decision record 0028):
 * amount, per hour or per visit, and whether it is a starting price. Checked by contract's rule,
 * as the api checks it; a preview shows it as clients will read it.
 */
export function RateForm({ provider }: { provider: OwnProvider }) {
  const { t } = useTranslation('providers');
  const { t: tErrors } = useTranslation('errors');
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const initial = provider.rate;
  const [amount, setAmount] = useState(initial ? (initial.amount_cents / 100).toString() : '');
  const [unit, setUnit] = useState<RateUnit>(initial?.unit ?? 'hour');
  const [from, setFrom] = useState(initial?.from ?? false);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (rate: ProviderRate | null) => updateOwnProvider({ rate }),
    onSuccess: (_, rate) => {
      toast.success(rate ? t('owner.saved') : t('owner.rate_removed'));
      if (!rate) setAmount('');
      void queryClient.invalidateQueries({ queryKey: providerKeys.all });
      // The dashboard's figures name the rate too (it is the one rate, issue 27).
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.details) setError(failure.details['rate.amount_cents'] ?? failure.details['rate.unit'] ?? 'invalid_format');
    },
  });
  const cents = parseRateAmount(amount);
  const preview = cents !== null && !checkRateAmountText(amount) ? { cents, unit, from } : null;
  const range = { min: formatMoney(rateLimits.amountCentsMin, locale), max: formatMoney(rateLimits.amountCentsMax, locale) };
  const errorWords = { out_of_range: t('owner.rate_range', range), invalid_format: t('owner.rate_format'), required: t('owner.rate_required') };

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = cents === null ? 'required' : checkRateAmountText(amount);
    setError(code);
    if (code || cents === null) return;
    save.mutate({ amount_cents: cents, unit, from });
  }

  return (
    <form className="owner-form" onSubmit={submit} noValidate>
      <p className="muted">{t('owner.rate_intro')}</p>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('owner.rate_amount')}</label>
        <MoneyInput
          id={`${id}-amount`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        <span id={`${id}-hint`} className="field-hint">
          {t('owner.rate_range', range)}
        </span>
        {error && <span id={`${id}-error`} className="field-error">{fieldErrorText(tErrors, error, { words: errorWords })}</span>}
      </div>
      <fieldset className="owner-form__choice">
        <legend>{t('owner.rate_unit')}</legend>
        {rateUnits.map((value) => (
          <label key={value} className="search-filters__check row">
            <input type="radio" name={`${id}-unit`} value={value} checked={unit === value} onChange={() => setUnit(value)} /> {t(`owner.rate_units.${value}`)}
          </label>
        ))}
      </fieldset>
      <label className="search-filters__check row">
        <input type="checkbox" checked={from} onChange={(e) => setFrom(e.target.checked)} /> {t('owner.rate_from')}
      </label>
      <p className="owner-form__preview" aria-live="polite">
        {t('owner.rate_preview')} {preview ? <Price {...preview} /> : <span className="muted">{t('card.no_rate')}</span>}
      </p>
      <div className="owner-form__actions wrap-row">
        <Button type="submit" variant="primary" className="owner-form__submit" busy={save.isPending}>
          {save.isPending ? t('owner.saving') : t('owner.save')}
        </Button>
        {initial && (
          <Button variant="secondary" busy={save.isPending} onClick={() => save.mutate(null)}>
            {t('owner.rate_remove')}
          </Button>
        )}
      </div>
    </form>
  );
}

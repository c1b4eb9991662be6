import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { depositFor, depositKinds, formatMoney, paymentLimits, toLocale } from '@resuelve/contract';
import type { DepositKind, DepositRule, ServiceDepositRule } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { MoneyInput, centsOf, moneyText } from '../../components/money-input.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { WholeNumberInput } from '../../components/whole-number-input.tsx';
import { useCategories } from '../../entities/category/api.ts';
import { paymentAccountKeys, paymentAccountQueries, saveDepositRule } from '../../entities/payment-account/api.ts';
import { useChange } from '../../lib/use-change.ts';
import './payments.css';

/** The job total the example line prices a rule on ("On a $200 job: $40"). */
export const exampleTotalCents = 20_000;

/**
 * Settings → "Depósitos" (issue 29): for each service the provider offers, no deposit, a fixed
 * amount or a share of the accepted quote, each saved on its own. A live line prices the rule on
 * a $200 job with the contract's `depositFor`, the same rule the api applies. Until an account
 * is connected the rows wait, saying why: a deposit nobody can pay would hold the client's time.
 */
export function PaymentsDepositsSection() {
  const { t, i18n } = useTranslation('payments');
  const { data: account } = useSuspenseQuery({ ...paymentAccountQueries.account(), meta: { silent: true } });
  const { data: rules } = useSuspenseQuery({ ...paymentAccountQueries.depositRules(), meta: { silent: true } });
  const categories = useCategories();
  const names = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);

  return (
    <div className="payments-deposits">
      {account.connected ? (
        <p className="muted">{t('deposits.intro', { minutes: paymentLimits.holdMinutes })}</p>
      ) : (
        <p className="alert payments-deposits__wait" role="note">
          {t('deposits.needs_account')}
        </p>
      )}
      {rules.length === 0 ? <p className="muted">{t('deposits.no_services')}</p> : null}
      <ul className="payments-deposits__list">
        {rules.map((rule) => (
          <li key={rule.category_id}>
            <DepositRow
              rule={rule}
              name={names.get(rule.category_id) ?? t('deposits.service_fallback', { id: rule.category_id })}
              enabled={account.connected}
              locale={locale}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

type Draft = { kind: DepositKind; fixed: string; share: string };

const draftOf = (rule: DepositRule): Draft => ({
  kind: rule.kind,
  fixed: moneyText(rule.fixed_cents),
  share: rule.share_percent === null ? '' : String(rule.share_percent),
});

type RuleCheck = { rule: DepositRule; problem: null } | { rule: null; problem: 'fixed' | 'share' };

/** The rule a draft says, or which of its fields is wrong (the limits the api checks too). */
export function ruleOf(draft: Draft): RuleCheck {
  if (draft.kind === 'none') return { rule: { kind: 'none', fixed_cents: null, share_percent: null }, problem: null };
  if (draft.kind === 'fixed') {
    const cents = centsOf(draft.fixed);
    if (cents === null || Number.isNaN(cents) || cents < paymentLimits.fixedDepositMinCents || cents > paymentLimits.fixedDepositMaxCents) {
      return { rule: null, problem: 'fixed' };
    }
    return { rule: { kind: 'fixed', fixed_cents: cents, share_percent: null }, problem: null };
  }
  const percent = Number(draft.share.trim());
  if (!draft.share.trim() || !Number.isInteger(percent) || percent < paymentLimits.sharePercentMin || percent > paymentLimits.sharePercentMax) {
    return { rule: null, problem: 'share' };
  }
  return { rule: { kind: 'share', fixed_cents: null, share_percent: percent }, problem: null };
}

const sameRule = (a: DepositRule, b: DepositRule) => a.kind === b.kind && a.fixed_cents === b.fixed_cents && a.share_percent === b.share_percent;

function DepositRow({ rule, name, enabled, locale }: { rule: ServiceDepositRule; name: string; enabled: boolean; locale: ReturnType<typeof toLocale> }) {
  const { t } = useTranslation('payments');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [shown, setShown] = useState(false);
  const save = useChange(saveDepositRule, (queryClient) => void queryClient.invalidateQueries({ queryKey: paymentAccountKeys.depositRules }));
  const checked = ruleOf(draft);
  const dirty = checked.rule === null || !sameRule(checked.rule, rule);
  useUnsavedChanges(enabled && dirty);
  // The server's rule changed (saved here, another tab): the row starts again from it.
  const [seen, setSeen] = useState<DepositRule>(rule);
  if (!sameRule(seen, rule)) {
    setSeen(rule);
    setDraft(draftOf(rule));
  }
  const money = (cents: number) => formatMoney(cents, locale);
  const limits = {
    min: money(paymentLimits.fixedDepositMinCents),
    max: money(paymentLimits.fixedDepositMaxCents),
    minPercent: paymentLimits.sharePercentMin,
    maxPercent: paymentLimits.sharePercentMax,
  };
  const problem = shown ? checked.problem : null;
  const example = checked.rule ? depositFor(checked.rule, exampleTotalCents) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setShown(true);
    if (!checked.rule) return;
    void save.run({ categoryId: rule.category_id, rule: checked.rule }, t('deposits.saved', { service: name }));
  }

  return (
    <form className="payments-deposit" onSubmit={submit} noValidate aria-labelledby={`${id}-name`}>
      <fieldset disabled={!enabled} className="payments-deposit__fields">
        <legend id={`${id}-name`} className="payments-deposit__name">
          {name}
        </legend>
        <div className="payments-deposit__kinds" role="radiogroup" aria-labelledby={`${id}-name`}>
          {depositKinds.map((kind) => (
            <label key={kind} className="payments-deposit__kind">
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => {
                  setDraft({ ...draft, kind });
                  setShown(false);
                }}
              />{' '}
              {t(`deposits.kinds.${kind}`)}
            </label>
          ))}
        </div>
        {draft.kind === 'fixed' ? (
          <div className={problem ? 'field field--invalid' : 'field'}>
            <label htmlFor={`${id}-fixed`}>{t('deposits.fixed_label')}</label>
            <MoneyInput
              id={`${id}-fixed`}
              value={draft.fixed}
              onChange={(e) => setDraft({ ...draft, fixed: e.target.value })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="field-hint">
              {t('deposits.fixed_hint', limits)}
            </p>
            {problem ? <FieldError id={`${id}-error`}>{t('deposits.fixed_problem', limits)}</FieldError> : null}
          </div>
        ) : null}
        {draft.kind === 'share' ? (
          <div className={problem ? 'field field--invalid' : 'field'}>
            <label htmlFor={`${id}-share`}>{t('deposits.share_label')}</label>
            <span className="payments-deposit__percent">
              <WholeNumberInput
                id={`${id}-share`}
                min={paymentLimits.sharePercentMin}
                max={paymentLimits.sharePercentMax}
                value={draft.share}
                onChange={(e) => setDraft({ ...draft, share: e.target.value })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
              />
              <span aria-hidden="true">%</span>
            </span>
            <p id={`${id}-hint`} className="field-hint">
              {t('deposits.share_hint', limits)}
            </p>
            {problem ? <FieldError id={`${id}-error`}>{t('deposits.share_problem', limits)}</FieldError> : null}
          </div>
        ) : null}
        <p className="payments-deposit__example" aria-live="polite">
          {example === null
            ? t('deposits.example_unknown', { total: money(exampleTotalCents) })
            : example === 0
              ? t('deposits.example_none', { total: money(exampleTotalCents) })
              : t('deposits.example', { total: money(exampleTotalCents), deposit: money(example) })}
        </p>
        <ErrorAlert>{save.problem}</ErrorAlert>
        <div>
          <Button type="submit" variant={dirty ? 'primary' : 'secondary'} busy={save.pending}>
            {save.pending ? t('deposits.saving') : t('deposits.save')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

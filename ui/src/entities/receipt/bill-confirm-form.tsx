/**
 * "Confirmar total" (issue 28): after ending a job its provider checks the draft's final lines,
 * changes quantities and prices, adds or removes lines, and confirms once. Each line is a small
 * card of fields, so it reads on a phone; the totals follow the typing, from `priceLines` (the
 * api's own figures). Amounts are typed in dollars and sent in whole cents.
 */
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, lineAmountCents, quoteLimits, quoteLineKinds, taxRates } from '@resuelve/contract';
import type { QuoteLineInput, QuoteLineKind, Receipt, TaxRate } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { useJobLocale } from '../job/job-format.ts';
import { useJobChange } from '../job/use-job-change.ts';
import { QuoteTotalsList, useTaxRateLabel } from '../quote/quote-figures.tsx';
import { draftLinesOf, draftTotals, lineKey, lineProblems, parseDollars, parseQuantity, type DraftLine } from '../quote/quote-form-values.ts';
import { confirmBill } from './api.ts';

function draftOf(receipt: Receipt): DraftLine[] {
  return draftLinesOf(receipt.lines);
}

function inputsOf(lines: readonly DraftLine[]): QuoteLineInput[] {
  return lines.map((line) => ({
    kind: line.kind,
    description: line.description.trim(),
    quantity: parseQuantity(line.quantity),
    unit_price_cents: parseDollars(line.unitPrice),
    tax_rate: line.taxRate,
  }));
}

export function BillConfirmForm({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('receipts');
  const locale = useJobLocale();
  const base = useId().replace(/:/g, '');
  const [lines, setLines] = useState<DraftLine[]>(() => draftOf(receipt));
  const [tried, setTried] = useState(false);
  const change = useJobChange((input: QuoteLineInput[]) => confirmBill(receipt.job_id, input));
  const totals = draftTotals(lines);
  const problems = lines.map(lineProblems);
  const tooMuch = totals.total_cents > quoteLimits.totalMaxCents;
  const blocked = lines.length === 0 || lines.length > quoteLimits.maxLines || tooMuch || problems.some((p) => Object.keys(p).length > 0);
  const defaultRate: TaxRate = lines[0]?.taxRate ?? receipt.lines[0]?.tax_rate ?? 'standard';

  const setLine = (key: string, patch: Partial<DraftLine>) => setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const addLine = () => {
    const line: DraftLine = { key: lineKey(), kind: 'material', description: '', quantity: '1', unitPrice: '', taxRate: defaultRate };
    setLines((all) => [...all, line]);
    requestAnimationFrame(() => document.getElementById(`${base}-${line.key}-description`)?.focus());
  };
  const removeLine = (key: string) => setLines((all) => all.filter((line) => line.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (blocked) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${base}-form [aria-invalid="true"]`)?.focus());
      return;
    }
    await change.run(inputsOf(lines), t('confirm.done'));
  };

  return (
    <form id={`${base}-form`} className="bill-form" noValidate aria-labelledby={`${base}-title`} onSubmit={(event) => void submit(event)}>
      <h3 id={`${base}-title`}>{t('confirm.title')}</h3>
      <p className="muted">{t('confirm.intro')}</p>
      {lines.length === 0 ? <p role="status">{t('confirm.empty')}</p> : null}
      <ol className="bill-form__lines">
        {lines.map((line, index) => (
          <LineFields
            key={line.key}
            id={(field) => `${base}-${line.key}-${field}`}
            number={index + 1}
            line={line}
            problems={tried ? problems[index]! : {}}
            onChange={(patch) => setLine(line.key, patch)}
            onRemove={() => removeLine(line.key)}
          />
        ))}
      </ol>
      {lines.length > quoteLimits.maxLines ? <FieldError alert>{t('confirm.too_many')}</FieldError> : null}
      <div>
        <Button variant="secondary" onClick={addLine} disabled={lines.length >= quoteLimits.maxLines}>
          {t('confirm.add')}
        </Button>
      </div>
      <QuoteTotalsList totals={totals} live />
      {tooMuch ? <FieldError alert>{t('errors:field.out_of_range')}</FieldError> : null}
      <ErrorAlert>{change.problem}</ErrorAlert>
      <div className="bill-form__buttons">
        <Button type="submit" variant="primary" busy={change.pending} disabled={lines.length === 0}>
          {change.pending ? t('confirm.sending') : t('confirm.submit', { total: formatMoney(totals.total_cents, locale) })}
        </Button>
      </div>
    </form>
  );
}

interface LineFieldsProps {
  id: (field: string) => string;
  number: number;
  line: DraftLine;
  problems: Record<string, string>;
  onChange: (patch: Partial<DraftLine>) => void;
  onRemove: () => void;
}

/** One line as a card of fields: what it is, its words, how many, the price, the IVU, its amount. */
function LineFields({ id, number, line, problems, onChange, onRemove }: LineFieldsProps) {
  const { t } = useTranslation('receipts');
  const locale = useJobLocale();
  const taxLabel = useTaxRateLabel();
  const quantity = parseQuantity(line.quantity);
  const unit = parseDollars(line.unitPrice);
  const amount = Number.isNaN(quantity) || Number.isNaN(unit) ? null : lineAmountCents({ quantity, unit_price_cents: unit });
  const invalid = (field: string) => (problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id(field)}-error` } : {});
  const hidden = <span className="visually-hidden"> · {t('confirm.line', { number })}</span>;
  return (
    <li className="bill-form__line" aria-label={t('confirm.line', { number })}>
      <div className="field bill-form__kind">
        <label htmlFor={id('kind')}>
          {t('confirm.kind')}
          {hidden}
        </label>
        <select id={id('kind')} className="select" value={line.kind} onChange={(e) => onChange({ kind: e.target.value as QuoteLineKind })}>
          {quoteLineKinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`confirm.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field bill-form__description${problems.description ? ' field--invalid' : ''}`}>
        <label htmlFor={id('description')}>
          {t('confirm.description')}
          {hidden}
        </label>
        <input
          id={id('description')}
          className="input"
          value={line.description}
          maxLength={quoteLimits.descriptionMaxLength}
          onChange={(e) => onChange({ description: e.target.value })}
          {...invalid('description')}
        />
        {problems.description ? <FieldError id={`${id('description')}-error`}>{t('confirm.invalid_description')}</FieldError> : null}
      </div>
      <div className={`field${problems.quantity ? ' field--invalid' : ''}`}>
        <label htmlFor={id('quantity')}>
          {t('confirm.quantity')}
          {hidden}
        </label>
        <input id={id('quantity')} className="input" inputMode="decimal" value={line.quantity} onChange={(e) => onChange({ quantity: e.target.value })} {...invalid('quantity')} />
        {problems.quantity ? <FieldError id={`${id('quantity')}-error`}>{t('confirm.invalid_quantity')}</FieldError> : null}
      </div>
      <div className={`field${problems.unit_price_cents ? ' field--invalid' : ''}`}>
        <label htmlFor={id('unit_price_cents')}>
          {t('confirm.unit_price')}
          {hidden}
        </label>
        <input
          id={id('unit_price_cents')}
          className="input"
          inputMode="decimal"
          value={line.unitPrice}
          onChange={(e) => onChange({ unitPrice: e.target.value })}
          {...invalid('unit_price_cents')}
        />
        {problems.unit_price_cents ? <FieldError id={`${id('unit_price_cents')}-error`}>{t('confirm.invalid_price')}</FieldError> : null}
      </div>
      <div className="field bill-form__tax">
        <label htmlFor={id('tax_rate')}>
          {t('confirm.tax_rate')}
          {hidden}
        </label>
        <select id={id('tax_rate')} className="select" value={line.taxRate} onChange={(e) => onChange({ taxRate: e.target.value as TaxRate })}>
          {taxRates.map((rate) => (
            <option key={rate} value={rate}>
              {taxLabel(rate)}
            </option>
          ))}
        </select>
      </div>
      <div className="bill-form__line-foot">
        <span>{amount === null ? null : t('confirm.amount', { amount: formatMoney(amount, locale) })}</span>
        <Button variant="quiet" size="sm" onClick={onRemove} aria-label={t('confirm.remove', { number })}>
          {t('confirm.remove_short')}
        </Button>
      </div>
    </li>
  );
}

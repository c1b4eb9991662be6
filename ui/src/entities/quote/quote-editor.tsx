/**
 * The provider's quote editor (issue 28): priced lines (labour by the hour at their rate, labour at
 * a fixed price, materials, anything else), each with its IVU rate from the short list; the
 * subtotal, IVU and total update as they type, from `priceLines` (the api's own figures); the hours
 * the job will hold, the valid-until day (a week by default) and a note. It sends the first version
 * or a revision (the request page) or a quote before any booking (a conversation, whose offer
 * fields come in as `extra`). Unit prices are typed in dollars and sent in whole cents.
 */
import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, jobLimits, lineAmountCents, quoteLimits, quoteLineKinds, taxRates } from '@resuelve/contract';
import type { NewQuoteVersion, ProviderRate, QuoteCounter, QuoteLineKind, TaxRate } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useConnectionState } from '../../lib/connection.ts';
import { dayInZone, useJobLocale } from '../job/job-format.ts';
import { QuoteTotalsList, useTaxRateLabel } from './quote-figures.tsx';
import { draftProblems, draftTotals, newLine, parseDollars, parseQuantity, versionOf } from './quote-form-values.ts';
import type { DraftLine, QuoteDraft } from './quote-form-values.ts';
import { QuoteOfflineNote } from './quote-offline-note.tsx';
import { useQuoteChange } from './use-quote-change.ts';
import './quotes.css';

export interface QuoteDefaults {
  rate: ProviderRate | null;
  taxRate: TaxRate;
  /** The time the job holds, in hours (the request's length). */
  hours: number;
}

export interface QuoteEditorExtra {
  /** The fields, given the problems to show (by the api's names: "offer.scheduled_start"). */
  render: (problems: Record<string, string>) => ReactNode;
  /** Their own problems, checked with the lines' on send. */
  problems: () => Record<string, string>;
}

export interface QuoteEditorProps {
  title: string;
  submitLabel: string;
  /** The toast once sent. */
  done: string;
  initial: QuoteDraft;
  defaults: QuoteDefaults;
  timeZone: string;
  send: (version: NewQuoteVersion) => Promise<unknown>;
  onClose: () => void;
  /** The heading is the dialog's own (a conversation's quote): the form keeps it as its name only. */
  titleHidden?: boolean;
  /** The client's counter-offer this revision answers, shown above the lines. */
  counter?: QuoteCounter | null;
  extra?: QuoteEditorExtra;
}

/** The first field of a problem ("lines.2.quantity" → the third line's quantity), to move focus to. */
function fieldId(base: string, name: string): string {
  return `${base}-${name.replace(/\./g, '-')}`;
}

export function QuoteEditor({ title, submitLabel, done, initial, defaults, timeZone, send, onClose, counter, extra, titleHidden = false }: QuoteEditorProps) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const base = useId().replace(/:/g, '');
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<QuoteDraft>(initial);
  const [tried, setTried] = useState(false);
  const change = useQuoteChange(send);
  const connection = useConnectionState();
  const offline = connection !== 'online';
  const today = dayInZone(new Date(), timeZone);
  const totals = draftTotals(draft.lines);
  const own = tried ? { ...draftProblems(draft, today), ...(extra?.problems() ?? {}) } : {};
  // What the api refused shows until the person changes something and sends again.
  const problems = { ...change.fields, ...own };

  const words: Record<string, string> = {
    too_short: t('editor.errors.description_short', { min: quoteLimits.descriptionMinLength }),
  };
  const errorOf = (name: string, own?: Record<string, string>) => fieldErrorText(t, problems[name], { words: { ...words, ...own } });

  const setLine = (key: string, patch: Partial<DraftLine>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)) }));

  const changeKind = (line: DraftLine, kind: QuoteLineKind) => {
    // A line turned into labour by the hour starts at the provider's rate and the job's hours.
    const fresh = newLine(kind, defaults);
    setLine(line.key, {
      kind,
      unitPrice: line.unitPrice.trim() === '' ? fresh.unitPrice : line.unitPrice,
      quantity: kind === 'labour_hourly' && line.quantity.trim() === '1' ? fresh.quantity : line.quantity,
    });
  };

  const addLine = () => {
    const line = newLine('material', defaults);
    setDraft((d) => ({ ...d, lines: [...d.lines, line] }));
    // Typing goes on in the new line.
    requestAnimationFrame(() => document.getElementById(fieldId(base, `${line.key}.kind`))?.focus());
  };

  const removeLine = (index: number) => {
    const next = draft.lines[index + 1] ?? draft.lines[index - 1];
    setDraft((d) => ({ ...d, lines: d.lines.filter((_, i) => i !== index) }));
    // Focus stays in the lines rather than falling to the page's start.
    requestAnimationFrame(() => document.getElementById(next ? fieldId(base, `${next.key}.remove`) : fieldId(base, 'add'))?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = { ...draftProblems(draft, today), ...(extra?.problems() ?? {}) };
    const first = Object.keys(found)[0];
    if (first) {
      const line = /^lines\.(\d+)\.(\w+)$/.exec(first);
      const key = line ? draft.lines[Number(line[1])]?.key : undefined;
      const id = key && line ? fieldId(base, `${key}.${line[2]}`) : fieldId(base, first);
      requestAnimationFrame(() => (document.getElementById(id) ?? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'))?.focus());
      return;
    }
    if (await change.run(versionOf(draft, timeZone), done)) onClose();
  };

  return (
    <form ref={form} className="card quote-editor" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      {titleHidden ? null : <h2 className="quote-editor__title">{title}</h2>}
      {counter ? (
        <div className="alert alert-warning quote-editor__counter" role="note">
          <strong>{t('editor.counter_title')}</strong> {counter.message}
          {counter.line_numbers.length > 0 ? <span> {t('editor.counter_lines', { count: counter.line_numbers.length, lines: counter.line_numbers.join(', ') })}</span> : null}
        </div>
      ) : null}
      {extra?.render(problems)}
      <fieldset className="quote-editor__lines">
        <legend>{t('editor.lines', { count: draft.lines.length })}</legend>
        <div className="quote-editor__heads" aria-hidden="true">
          <span>{t('editor.kind')}</span>
          <span>{t('editor.description')}</span>
          <span>{t('editor.quantity')}</span>
          <span>{t('editor.unit_price')}</span>
          <span>{t('editor.tax_rate')}</span>
          <span>{t('lines.amount')}</span>
          <span />
        </div>
        <ol className="quote-editor__list">
          {draft.lines.map((line, index) => (
            <LineFields
              key={line.key}
              base={base}
              line={line}
              index={index}
              errorOf={errorOf}
              onChange={(patch) => setLine(line.key, patch)}
              onKind={(kind) => changeKind(line, kind)}
              onRemove={draft.lines.length > 1 ? () => removeLine(index) : undefined}
            />
          ))}
        </ol>
        {problems.lines ? <FieldError alert>{errorOf('lines', { too_long: t('editor.errors.too_many_lines', { max: quoteLimits.maxLines }), required: t('editor.errors.no_lines') })}</FieldError> : null}
        <Button id={fieldId(base, 'add')} variant="secondary" onClick={addLine} disabled={draft.lines.length >= quoteLimits.maxLines}>
          {t('editor.add_line')}
        </Button>
        {draft.lines.length >= quoteLimits.maxLines ? <p className="muted">{t('editor.errors.too_many_lines', { max: quoteLimits.maxLines })}</p> : null}
      </fieldset>
      <QuoteTotalsList totals={totals} live />
      {problems.total ? <FieldError alert>{t('editor.errors.total_too_high', { max: formatMoney(quoteLimits.totalMaxCents, locale) })}</FieldError> : null}
      <div className="quote-editor__terms">
        <div className={problems.hours ? 'field field--invalid' : 'field'}>
          <label htmlFor={fieldId(base, 'hours')}>{t('editor.hours')}</label>
          <input
            id={fieldId(base, 'hours')}
            className="input"
            inputMode="decimal"
            value={draft.hours}
            aria-invalid={problems.hours ? true : undefined}
            aria-describedby={`${fieldId(base, 'hours')}-hint${problems.hours ? ` ${fieldId(base, 'hours')}-error` : ''}`}
            onChange={(e) => setDraft((d) => ({ ...d, hours: e.target.value }))}
          />
          <p id={`${fieldId(base, 'hours')}-hint`} className="field-hint">
            {t('editor.hours_hint')}
          </p>
          {problems.hours ? (
            <FieldError id={`${fieldId(base, 'hours')}-error`}>{t('editor.errors.hours', { min: jobLimits.minHours, max: jobLimits.maxHours })}</FieldError>
          ) : null}
        </div>
        <div className={problems.valid_until ? 'field field--invalid' : 'field'}>
          <label htmlFor={fieldId(base, 'valid_until')}>{t('editor.valid_until')}</label>
          <input
            id={fieldId(base, 'valid_until')}
            className="input"
            type="date"
            value={draft.validUntil}
            min={today}
            aria-invalid={problems.valid_until ? true : undefined}
            aria-describedby={problems.valid_until ? `${fieldId(base, 'valid_until')}-error` : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, validUntil: e.target.value }))}
          />
          {problems.valid_until ? (
            <FieldError id={`${fieldId(base, 'valid_until')}-error`}>
              {errorOf('valid_until', { out_of_range: t('editor.errors.valid_until', { days: quoteLimits.validDaysMax }) })}
            </FieldError>
          ) : null}
        </div>
      </div>
      <div className={problems.note ? 'field field--invalid' : 'field'}>
        <label htmlFor={fieldId(base, 'note')}>
          {t('editor.note')} <span className="muted">{t('editor.optional')}</span>
        </label>
        <textarea
          id={fieldId(base, 'note')}
          className="textarea"
          rows={3}
          maxLength={quoteLimits.noteMaxLength}
          value={draft.note}
          aria-invalid={problems.note ? true : undefined}
          onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
        />
        {problems.note ? <FieldError>{errorOf('note')}</FieldError> : null}
      </div>
      <ErrorAlert>{change.problem}</ErrorAlert>
      {offline ? <QuoteOfflineNote /> : null}
      <div className="quote-editor__buttons">
        <Button type="submit" variant="primary" busy={change.pending} disabled={offline}>
          {change.pending ? t('editor.sending') : submitLabel}
        </Button>
        <Button variant="quiet" onClick={onClose}>
          {t('editor.close')}
        </Button>
      </div>
    </form>
  );
}

interface LineFieldsProps {
  base: string;
  line: DraftLine;
  index: number;
  errorOf: (name: string, own?: Record<string, string>) => string | null;
  onChange: (patch: Partial<DraftLine>) => void;
  onKind: (kind: QuoteLineKind) => void;
  onRemove?: () => void;
}

/** One line's fields; on a wide screen only the first line's labels show, above the columns (quotes.css). */
function LineFields({ base, line, index, errorOf, onChange, onKind, onRemove }: LineFieldsProps) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const taxLabel = useTaxRateLabel();
  const number = index + 1;
  const id = (field: string) => fieldId(base, `${line.key}.${field}`);
  const error = (field: string, own?: Record<string, string>) => errorOf(`lines.${index}.${field}`, own);
  const quantity = parseQuantity(line.quantity);
  const unit = parseDollars(line.unitPrice);
  const amount = Number.isNaN(quantity) || Number.isNaN(unit) ? null : lineAmountCents({ quantity, unit_price_cents: unit });
  const hourly = line.kind === 'labour_hourly';

  const field = (name: string, label: string, control: (ids: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode, message: string | null) => (
    <div className={`field quote-line__${name}${message ? ' field--invalid' : ''}`}>
      <label htmlFor={id(name)} className="quote-line__label">
        {label}
        <span className="visually-hidden"> {t('editor.of_line', { number })}</span>
      </label>
      {control({ id: id(name), 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${id(name)}-error` : undefined })}
      {message ? <FieldError id={`${id(name)}-error`}>{message}</FieldError> : null}
    </div>
  );

  return (
    <li className="quote-line" aria-label={t('editor.line', { number })}>
      {field(
        'kind',
        t('editor.kind'),
        (ids) => (
          <select {...ids} className="select" value={line.kind} onChange={(e) => onKind(e.target.value as QuoteLineKind)}>
            {quoteLineKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kind.${kind}`)}
              </option>
            ))}
          </select>
        ),
        null,
      )}
      {field(
        'description',
        t('editor.description'),
        (ids) => (
          <input
            {...ids}
            className="input"
            maxLength={quoteLimits.descriptionMaxLength}
            placeholder={t(`editor.placeholder.${line.kind}`)}
            value={line.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        ),
        error('description'),
      )}
      {field(
        'quantity',
        hourly ? t('editor.quantity_hours') : t('editor.quantity'),
        (ids) => <input {...ids} className="input" inputMode="decimal" value={line.quantity} onChange={(e) => onChange({ quantity: e.target.value })} />,
        error('quantity', { out_of_range: t('editor.errors.quantity', { max: quoteLimits.quantityMax }), invalid_format: t('editor.errors.quantity', { max: quoteLimits.quantityMax }) }),
      )}
      {field(
        'unit_price_cents',
        hourly ? t('editor.unit_price_hour') : t('editor.unit_price'),
        (ids) => (
          <span className="quote-line__money">
            <span aria-hidden="true">$</span>
            <input {...ids} className="input" inputMode="decimal" value={line.unitPrice} onChange={(e) => onChange({ unitPrice: e.target.value })} />
          </span>
        ),
        error('unit_price_cents', {
          out_of_range: t('editor.errors.unit_price', { max: formatMoney(quoteLimits.unitPriceMaxCents, locale) }),
          invalid_format: t('editor.errors.unit_price_format'),
        }),
      )}
      {field(
        'tax_rate',
        t('editor.tax_rate'),
        (ids) => (
          <select {...ids} className="select" value={line.taxRate} onChange={(e) => onChange({ taxRate: e.target.value as TaxRate })}>
            {taxRates.map((rate) => (
              <option key={rate} value={rate}>
                {rate === 'exempt' ? t('tax.exempt_short') : taxLabel(rate)}
              </option>
            ))}
          </select>
        ),
        error('tax_rate'),
      )}
      <p className="quote-line__amount">
        <span className="quote-line__label">{t('lines.amount')}</span>
        <output htmlFor={`${id('quantity')} ${id('unit_price_cents')}`}>{amount === null ? '—' : formatMoney(amount, locale)}</output>
      </p>
      <div className="quote-line__remove">
        {onRemove ? (
          <Button id={id('remove')} variant="quiet" size="sm" onClick={onRemove} aria-label={t('editor.remove_line', { number })}>
            {t('editor.remove')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

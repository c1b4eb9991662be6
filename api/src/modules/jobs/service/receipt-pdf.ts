/**
 * A receipt as a PDF (GET /jobs/{id}/receipt.pdf), in Spanish or English: the provider's business
 * name and contact, the client, the service, the lines, the IVU per rate and the totals, then the
 * payments made against it (issue 29: each paid or pending, the refunds and the balance), as the
 * receipt page shows them (locales receipts.json, money by `formatMoney`). pdfkit's standard
 * Helvetica writes every letter Spanish needs (WinAnsi), so no font file ships with the api.
 */
import PDFDocument from 'pdfkit';
import { dateTimeFormat, formatMoney, formatQuantity, formatTaxRate, intlLocale, type JobFeeKind, type Locale, type PaymentMethod, type PaymentPurpose, type Receipt } from '@resuelve/contract';
import type { AppContext, Caller } from '../../../context.ts';
import { interpolate, textsWith } from '../../../lib/texts.ts';
import { receiptFor } from './bills.ts';

interface ReceiptTexts {
  title: string;
  number: string;
  status: Record<Receipt['status'], string>;
  draft_note: string;
  provider: string;
  client: string;
  service: string;
  service_date: string;
  issued: string;
  confirmed_at: string;
  hours: string;
  columns: { description: string; quantity: string; unit_price: string; tax: string; amount: string };
  exempt: string;
  no_lines: string;
  subtotal: string;
  tax_rate: string;
  tax_total: string;
  total: string;
  fee: Record<JobFeeKind, string>;
  amount_due: string;
  payments: {
    title: string;
    paid: Record<PaymentPurpose, string>;
    pending: string;
    method: Record<PaymentMethod, string>;
    refunded: string;
    balance: string;
  };
  footer: string;
  file_name: string;
}

const margin = 50;
const ink = '#111111';
const muted = '#555555';

/** "(787) 555-0123" for a Puerto Rico number kept as digits ("17875550123"); other numbers as kept. */
function phoneText(digits: string): string {
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return local.length === 10 ? `(${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}` : `+${digits}`;
}

/** The PDF's bytes. */
export function renderReceiptPdf(receipt: Receipt, texts: ReceiptTexts, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin,
    info: { Title: `${texts.title} ${receipt.number} · ${receipt.provider.business_name}`, Author: receipt.provider.business_name, Subject: receipt.service.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (cents: number) => formatMoney(cents, locale);
  const day = (iso: string) => dateTimeFormat(intlLocale[locale], { timeZone: receipt.timezone, dateStyle: 'long' }).format(new Date(iso));
  const width = doc.page.width - margin * 2;
  const right = doc.page.width - margin;

  // The provider's name and contact on the left, the receipt's number and date on the right.
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(18).text(receipt.provider.business_name, margin, margin, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(muted);
  for (const line of [receipt.provider.address, receipt.provider.phone ? phoneText(receipt.provider.phone) : null, receipt.provider.email]) {
    if (line) doc.text(line, { width: width * 0.6 });
  }
  const headerBottom = doc.y;
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(16).text(texts.title.toUpperCase(), margin, margin, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(receipt.number, { width, align: 'right' });
  doc.text(`${texts.issued}: ${day(receipt.issued_at)}`, { width, align: 'right' });
  doc.font('Helvetica-Bold').text(texts.status[receipt.status], { width, align: 'right' });
  let y = Math.max(doc.y, headerBottom) + 16;
  doc.moveTo(margin, y).lineTo(right, y).strokeColor('#cccccc').lineWidth(1).stroke();
  y += 12;

  // Who, what, when.
  const facts: [string, string][] = [
    [texts.client, receipt.client.name],
    [texts.service, receipt.service.title],
    [texts.service_date, day(receipt.service_date)],
  ];
  if (receipt.hours !== null) facts.push([texts.hours, formatQuantity(receipt.hours, locale)]);
  if (receipt.confirmed_at) facts.push([texts.confirmed_at, day(receipt.confirmed_at)]);
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text(label, margin, y, { width: 120 });
    doc.font('Helvetica').text(value, margin + 125, y, { width: width - 125 });
    y = doc.y + 4;
  }
  if (receipt.status === 'draft') {
    y += 4;
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(muted).text(texts.draft_note, margin, y, { width });
    y = doc.y;
  }
  y += 14;

  // The lines: description wraps, figures align right.
  const columns = [
    { key: 'description', x: margin, w: width - 300, align: 'left' as const },
    { key: 'quantity', x: margin + width - 300, w: 60, align: 'right' as const },
    { key: 'unit_price', x: margin + width - 235, w: 80, align: 'right' as const },
    { key: 'tax', x: margin + width - 150, w: 60, align: 'right' as const },
    { key: 'amount', x: margin + width - 85, w: 85, align: 'right' as const },
  ];
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(ink);
    for (const column of columns) doc.text(texts.columns[column.key as keyof ReceiptTexts['columns']], column.x, y, { width: column.w, align: column.align });
    y = doc.y + 4;
    doc.moveTo(margin, y).lineTo(right, y).strokeColor('#999999').stroke();
    y += 6;
  };
  const roomFor = (height: number) => {
    if (y + height <= doc.page.height - margin) return;
    doc.addPage();
    y = margin;
  };
  header();
  if (receipt.lines.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(muted).text(texts.no_lines, margin, y, { width });
    y = doc.y + 6;
  }
  for (const line of receipt.lines) {
    doc.font('Helvetica').fontSize(9);
    const height = doc.heightOfString(line.description, { width: columns[0]!.w });
    roomFor(height + 6);
    const cells = [
      line.description,
      formatQuantity(line.quantity, locale),
      money(line.unit_price_cents),
      line.tax_rate === 'exempt' ? texts.exempt : money(line.tax_cents),
      money(line.amount_cents),
    ];
    doc.fillColor(ink);
    columns.forEach((column, index) => doc.text(cells[index]!, column.x, y, { width: column.w, align: column.align }));
    y += height + 6;
  }
  y += 4;
  roomFor(120);
  doc.moveTo(margin, y).lineTo(right, y).strokeColor('#999999').stroke();
  y += 8;

  // The totals, the IVU per rate between the subtotal and the total.
  const total = (label: string, value: string, bold = false) => {
    roomFor(18);
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10).fillColor(ink);
    doc.text(label, margin + width - 300, y, { width: 200, align: 'right' });
    doc.text(value, margin + width - 85, y, { width: 85, align: 'right' });
    y = doc.y + 4;
  };
  total(texts.subtotal, money(receipt.subtotal_cents));
  for (const tax of receipt.taxes) {
    total(interpolate(texts.tax_rate, { rate: formatTaxRate(tax.basis_points, locale), taxable: money(tax.taxable_cents) }), money(tax.tax_cents));
  }
  total(texts.tax_total, money(receipt.tax_cents));
  total(texts.total, money(receipt.total_cents), true);
  if (receipt.fee) {
    total(texts.fee[receipt.fee.kind], money(receipt.fee.amount_cents));
    total(texts.amount_due, money(receipt.amount_due_cents), true);
  }
  // What was paid against it: each payment paid or pending, the refunds, then the balance left.
  const paid = receipt.payments;
  if (paid.lines.length > 0) {
    y += 10;
    roomFor(40);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ink).text(texts.payments.title, margin + width - 300, y, { width: 300 });
    y = doc.y + 4;
    for (const line of paid.lines) {
      const method = texts.payments.method[line.method];
      const label = line.status === 'paid' ? interpolate(texts.payments.paid[line.purpose], { method }) : interpolate(texts.payments.pending, { method });
      total(label, money(line.amount_cents));
    }
    if (paid.refunded_cents > 0) total(texts.payments.refunded, money(paid.refunded_cents));
    total(texts.payments.balance, money(paid.balance_cents), true);
  }
  y += 20;
  roomFor(30);
  doc.font('Helvetica').fontSize(8).fillColor(muted).text(texts.footer, margin, y, { width, align: 'center' });
  doc.end();
  return done;
}

/** The caller's receipt of a job as a PDF, in `lang` or the caller's own language. */
export async function receiptPdfFor(
  context: Pick<AppContext, 'knex' | 'config'>,
  jobId: string,
  caller: Caller,
  lang: Locale | undefined,
): Promise<{ pdf: Buffer; fileName: string }> {
  const receipt = await receiptFor(context.knex, jobId, caller);
  const locale = lang ?? ((await context.knex('profiles').where({ id: caller.userId }).first('language')) as { language: Locale } | undefined)?.language ?? 'es';
  const texts = ((await textsWith(context.config.localesDir, locale, 'receipts', 'receipt')) as { receipt: ReceiptTexts }).receipt;
  return { pdf: await renderReceiptPdf(receipt, texts, locale), fileName: `${texts.file_name}-${receipt.number}.pdf` };
}

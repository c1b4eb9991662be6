/**
 * A job's bill as every job answer carries it (`Job.bill`): one subselect in the jobs view (the
 * bill's primary key is its job), so a page of jobs reads its bills in the same statement, never
 * one query per job.
 */
import type { BillStatus, JobBillSummary } from '@resuelve/contract';
import { isoInZone } from '../../availability/index.ts';

/** The bill as the view's json reads it: instants as PostgreSQL writes them in json. */
export interface BillJson {
  status: BillStatus;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  confirmed_at: string | null;
}

const fields = ['status', 'subtotal_cents', 'tax_cents', 'total_cents', 'confirmed_at'];

/** The bill of the job `j` as json, or null: a column of the jobs view. */
export const billJsonSql = `(SELECT json_build_object(${fields.map((field) => `'${field}', b.${field}`).join(', ')})
  FROM job_bills b WHERE b.job_id = j.id) AS bill`;

/** The bill for a job answer, its instant in the provider's zone like the job's own. */
export function toJobBill(bill: BillJson | null, timeZone: string): JobBillSummary | null {
  if (!bill) return null;
  return {
    status: bill.status,
    subtotal_cents: bill.subtotal_cents,
    tax_cents: bill.tax_cents,
    total_cents: bill.total_cents,
    confirmed_at: bill.confirmed_at === null ? null : isoInZone(new Date(bill.confirmed_at), timeZone),
  };
}

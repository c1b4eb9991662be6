/**
 * Background jobs (pg-boss, DESIGN.md §11): their names and handlers. A handler is a plain
 * function of the app context, so tests and the dev route run it without pg-boss; `boss.ts`
 * schedules each one (backgroundSchedule).
 */
import type { AppContext } from '../context.ts';
import { expireOverdue } from './expiry.ts';
import { settleDeposits } from './deposit-holds.ts';
import { sendMessageNotices } from './message-notices.ts';
import { reconcileOpenPayments } from './payments.ts';
import { cleanupPortfolio } from './portfolio-cleanup.ts';
import { expireInsurance } from './insurance-expiry.ts';
import { sendDueReminders } from './reminders.ts';
import { pruneExpiredRows } from './retention.ts';
import { recountAllResponseTimes, sendResponseReminders } from './response-times.ts';

export const backgroundJobNames = ['job-reminders', 'job-expiry', 'portfolio-cleanup', 'message-notices', 'insurance-expiry', 'retention', 'response-reminders', 'response-recount', 'deposit-holds', 'payments-reconcile'] as const;
export type BackgroundJobName = (typeof backgroundJobNames)[number];

/** Each answers how many jobs it acted on. */
export const backgroundJobs: Record<BackgroundJobName, (context: AppContext, onError?: (error: unknown) => void) => Promise<number>> = {
  'job-reminders': sendDueReminders,
  'job-expiry': (context) => expireOverdue(context),
  'portfolio-cleanup': cleanupPortfolio,
  'message-notices': sendMessageNotices,
  'insurance-expiry': expireInsurance,
  retention: (context) => pruneExpiredRows(context),
  'response-reminders': sendResponseReminders,
  'response-recount': recountAllResponseTimes,
  'payments-reconcile': reconcileOpenPayments,
  'deposit-holds': settleDeposits,
};

/** Every minute (pg-boss cron resolution); the retention's deletions and the response-time recount hourly. */
export const backgroundSchedule: Record<BackgroundJobName, string> = {
  'job-reminders': '* * * * *',
  'job-expiry': '* * * * *',
  'portfolio-cleanup': '* * * * *',
  'message-notices': '* * * * *',
  'insurance-expiry': '* * * * *',
  retention: '17 * * * *',
  'response-reminders': '* * * * *',
  'response-recount': '41 * * * *',
  'payments-reconcile': '* * * * *',
  'deposit-holds': '* * * * *',
};

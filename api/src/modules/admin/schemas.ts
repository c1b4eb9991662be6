/** joi for the admin console's api, typed by what each route's service takes. */
import Joi from 'joi';
import { adminActionKinds, adminLimits, adminOverviewDays, logLevels, type LogLevel } from '@resuelve/contract';
import { boundedIsoDate } from '../../lib/validation.ts';

export interface AccountFilters {
  q?: string;
  suspended?: boolean;
  limit: number;
  offset: number;
}

export interface LogFilters {
  level?: LogLevel;
  user?: string;
  correlation_id?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** A suspension's or a restoration's reason, when the admin gave one. */
export type AccountActionInput = { reason?: string } | null;

const offset = Joi.number().integer().min(0).max(1_000_000).default(0);

export const accountSchema = Joi.object({
  id: Joi.string().required(),
  email: Joi.string().required(),
  name: Joi.string().allow(null).required(),
  company_name: Joi.string().allow(null).required(),
  role: Joi.string().valid('client', 'provider', 'admin').required(),
  is_onboarded: Joi.boolean().required(),
  suspended_at: Joi.string().isoDate().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
}).label('AdminAccount');

export const accountPageSchema = Joi.object({ items: Joi.array().items(accountSchema).required(), total: Joi.number().integer().required() }).label('AdminAccountPage');

export const accountsQuery = Joi.object<AccountFilters>({
  q: Joi.string().trim().max(200).allow(''),
  suspended: Joi.boolean(),
  limit: Joi.number().integer().min(1).max(adminLimits.pageSizeMax).default(20),
  offset,
});

const actionSchema = Joi.object({
  id: Joi.string().required(),
  action: Joi.string().valid(...adminActionKinds).required(),
  admin_id: Joi.string().allow(null).required(),
  admin_email: Joi.string().allow(null).required(),
  target_id: Joi.string().required(),
  details: Joi.object().pattern(Joi.string(), Joi.string().allow(null)).required(),
  created_at: Joi.string().isoDate().required(),
}).label('AdminAction');

export const actionListSchema = Joi.object({ items: Joi.array().items(actionSchema).required() }).label('AdminActionList');

export const actionBody = Joi.object<{ reason?: string }>({ reason: Joi.string().trim().max(500).allow('') })
  .allow(null)
  .label('AccountActionInput') as Joi.ObjectSchema<AccountActionInput>;

const logEntry = Joi.object({
  id: Joi.string().required(),
  logged_at: Joi.string().isoDate().required(),
  received_at: Joi.string().isoDate().required(),
  level: Joi.string().valid(...logLevels).required(),
  message: Joi.string().allow('').required(),
  correlation_id: Joi.string().allow('', null).required(),
  session_id: Joi.string().allow('', null).required(),
  user_id: Joi.string().allow(null).required(),
  user_email: Joi.string().allow(null).required(),
  url: Joi.string().allow('', null).required(),
  category: Joi.string().allow('', null).required(),
}).label('AdminLogEntry');

export const logsQuery = Joi.object<LogFilters>({
  level: Joi.string().valid(...logLevels),
  user: Joi.string().trim().max(200).allow(''),
  correlation_id: Joi.string().trim().max(200).allow(''),
  from: boundedIsoDate(),
  to: boundedIsoDate(),
  limit: Joi.number().integer().min(1).max(adminLimits.pageSizeMax).default(adminLimits.pageSizeDefault),
  offset,
});

export const logPageSchema = Joi.object({ items: Joi.array().items(logEntry).required(), total: Joi.number().integer().required() }).label('AdminLogPage');

export const overviewQuery = Joi.object<{ days: number }>({
  days: Joi.number().integer().min(adminOverviewDays.min).max(adminOverviewDays.max).default(adminOverviewDays.default),
});

const count = Joi.number().integer().min(0).required();

export const overviewSchema = Joi.object({
  days: Joi.array()
    .items(Joi.object({ date: Joi.string().required(), signups: count, bookings: count, active_clients: count }))
    .required(),
  providers: Joi.object({ listed: count, verified: count, insured: count }).required(),
  active_clients: count,
  pending_verifications: count,
  suspended_accounts: count,
}).label('AdminOverview');

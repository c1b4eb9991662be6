import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { adminActionKinds, adminLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { schemas } from '../../../lib/validation.ts';
import { actionsOn, findAccounts, restoreAccount, suspendAccount, type AccountFilters } from '../accounts.ts';

const accountSchema = Joi.object({
  id: Joi.string().required(),
  email: Joi.string().required(),
  name: Joi.string().allow(null).required(),
  company_name: Joi.string().allow(null).required(),
  role: Joi.string().valid('client', 'provider', 'admin').required(),
  is_onboarded: Joi.boolean().required(),
  suspended_at: Joi.string().isoDate().allow(null).required(),
  created_at: Joi.string().isoDate().required(),
}).label('AdminAccount');

const actionSchema = Joi.object({
  id: Joi.string().required(),
  action: Joi.string().valid(...adminActionKinds).required(),
  admin_id: Joi.string().allow(null).required(),
  admin_email: Joi.string().allow(null).required(),
  target_id: Joi.string().required(),
  details: Joi.object().pattern(Joi.string(), Joi.string().allow(null)).required(),
  created_at: Joi.string().isoDate().required(),
}).label('AdminAction');

const idParams = Joi.object({ id: schemas.uuid.required() });
const actionBody = Joi.object({ reason: Joi.string().trim().max(500).allow('') }).allow(null).label('AccountActionInput');
const notes = '403 forbidden for anybody but an admin; 401 without a token; 404 account_not_found.';

export const findAccountsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/admin/accounts',
  options: {
    ...adminOnly,
    tags: adminTags('accounts'),
    description: 'Accounts by email, name or company (part of any), newest first; suspended=true for the suspended ones',
    notes: '403 forbidden for anybody but an admin; 401 without a token.',
    validate: {
      query: Joi.object({
        q: Joi.string().trim().max(200).allow(''),
        suspended: Joi.boolean(),
        limit: Joi.number().integer().min(1).max(adminLimits.pageSizeMax).default(20),
        offset: Joi.number().integer().min(0).max(1_000_000).default(0),
      }),
    },
    response: { status: { 200: Joi.object({ items: Joi.array().items(accountSchema).required(), total: Joi.number().integer().required() }).label('AdminAccountPage') } },
  },
  handler: (request) => findAccounts(context.knex, request.query as unknown as AccountFilters),
});

export const suspendAccountRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/admin/accounts/{id}/suspend',
  options: {
    ...adminOnly,
    tags: adminTags('accounts'),
    description: 'Suspends an account: no sign-in (account_suspended), every session ends at once, a provider leaves search; recorded',
    notes: `${notes} 409 account_not_suspendable for an admin's account. Suspending a suspended account changes nothing.`,
    validate: { params: idParams, payload: actionBody },
    response: { status: { 200: accountSchema } },
  },
  handler: (request) =>
    suspendAccount(context.knex, context.events, adminCaller(request), (request.params as { id: string }).id, (request.payload as { reason?: string } | null)?.reason || undefined, context.clock.now()),
});

export const restoreAccountRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/admin/accounts/{id}/restore',
  options: {
    ...adminOnly,
    tags: adminTags('accounts'),
    description: 'Restores a suspended account (it signs in again; a provider is listed again); recorded',
    notes,
    validate: { params: idParams, payload: actionBody },
    response: { status: { 200: accountSchema } },
  },
  handler: (request) =>
    restoreAccount(context.knex, adminCaller(request), (request.params as { id: string }).id, (request.payload as { reason?: string } | null)?.reason || undefined, context.clock.now()),
});

export const accountActionsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/admin/accounts/{id}/actions',
  options: {
    ...adminOnly,
    tags: adminTags('accounts'),
    description: 'What was done to an account (verification decisions, suspensions, expired insurance): who, when, what; newest first',
    notes: '403 forbidden for anybody but an admin; 401 without a token.',
    validate: { params: idParams },
    response: { status: { 200: Joi.object({ items: Joi.array().items(actionSchema).required() }).label('AdminActionList') } },
  },
  handler: (request) => actionsOn(context.knex, (request.params as { id: string }).id),
});

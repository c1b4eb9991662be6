/** The waitlist's administration: list, figures, export, change, delete (admins only). */
import type { ServerRoute } from '@hapi/hapi';
import type { WaitlistSignupChanges } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { changesBody, exportQuery, listQuery, pageSchema, signupIdParams, signupSchema, statsSchema } from '../schemas.ts';
import { changeSignup, deleteSignup, exportSignups, listSignups, waitlistStats, type SignupFilters } from '../service.ts';

const notes = 'Admins only: 401 unauthorized without a session, 403 forbidden for clients and providers.';
const tags = adminTags('waitlist');

export const listSignupsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/waitlist/signups',
  options: {
    ...adminOnly,
    tags,
    description: 'Waitlist signups, newest first, filtered by role, confirmation and text (email or name)',
    notes,
    validate: { query: listQuery },
    response: { status: { 200: pageSchema } },
  },
  handler: (request) => {
    return listSignups(context.knex, request.query as unknown as SignupFilters & { limit: number; offset: number });
  },
});

export const exportSignupsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/waitlist/signups/export',
  options: {
    ...adminOnly,
    tags,
    description: 'The filtered waitlist signups as a CSV file (UTF-8, comma separated, a header row)',
    notes: `${notes} Cells that would start a spreadsheet formula begin with an apostrophe.`,
    validate: { query: exportQuery },
  },
  handler: async (request, h) => {
    const csv = await exportSignups(context.knex, request.query as SignupFilters);
    const day = context.clock.now().toISOString().slice(0, 10);
    return h
      .response(csv)
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="waitlist-${day}.csv"`)
      .header('Cache-Control', 'no-store');
  },
});

export const waitlistStatsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/waitlist/stats',
  options: { ...adminOnly, tags, description: 'Waitlist figures: totals, by role, top municipalities and trades, signups per day (30 days)', notes, response: { status: { 200: statsSchema } } },
  handler: () => waitlistStats(context.knex, context.clock.now()),
});

export const changeSignupRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/waitlist/signups/{id}',
  options: {
    ...adminOnly,
    tags,
    description: "Change a signup's name, role, municipality, trades, language or confirmation",
    notes: `${notes} 404 waitlist_signup_not_found.`,
    validate: { params: signupIdParams, payload: changesBody },
    response: { status: { 200: signupSchema } },
  },
  handler: (request) => {
    return changeSignup(context, (request.params as { id: string }).id, request.payload as WaitlistSignupChanges);
  },
});

export const deleteSignupRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/waitlist/signups/{id}',
  options: { ...adminOnly, tags, description: 'Delete a waitlist signup', notes: `${notes} 404 waitlist_signup_not_found.`, validate: { params: signupIdParams } },
  handler: async (request, h) => {
    await deleteSignup(context.knex, (request.params as { id: string }).id);
    return h.response().code(204);
  },
});

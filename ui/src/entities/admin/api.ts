/**
 * What the admin console reads (admins only): the client log entries, and, as the console grows,
 * the verification queue, the accounts and the figures. Every key starts with `adminKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminAccount, AdminAccountPage, AdminAction, AdminLogPage, AdminOverview, LogLevel } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';

export type { AdminAccount, AdminAccountPage, AdminAction, AdminLogEntry, AdminLogPage, AdminOverview } from '@resuelve/contract';

export const adminKeys = {
  all: ['admin'] as const,
};

export interface LogFilters {
  level?: LogLevel | '';
  user?: string;
  correlation_id?: string;
  /** `datetime-local` values (the admin's own time), sent as instants. */
  from?: string;
  to?: string;
  offset?: number;
}

/** The query string of a set of filters: empty ones are left out. */
export function logsQueryString(filters: LogFilters, limit: number): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.level) params.set('level', filters.level);
  if (filters.user?.trim()) params.set('user', filters.user.trim());
  if (filters.correlation_id?.trim()) params.set('correlation_id', filters.correlation_id.trim());
  if (filters.from) params.set('from', new Date(filters.from).toISOString());
  if (filters.to) params.set('to', new Date(filters.to).toISOString());
  if (filters.offset) params.set('offset', String(filters.offset));
  return params.toString();
}

export const adminQueries = {
  /** GET /admin/overview: the figures per day of the last `days` days. */
  overview: (days: number) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'overview', days] as const,
      queryFn: ({ signal }) => apiFetch<AdminOverview>(`/admin/overview?days=${days}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /admin/logs with the filters (newest first). */
  logs: (filters: LogFilters, limit = 50) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'logs', filters, limit] as const,
      queryFn: ({ signal }) => apiFetch<AdminLogPage>(`/admin/logs?${logsQueryString(filters, limit)}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /admin/accounts: by email, name or company. */
  accounts: (q: string, offset: number, limit = 20) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'accounts', q, offset, limit] as const,
      queryFn: ({ signal }) => apiFetch<AdminAccountPage>(`/admin/accounts?${new URLSearchParams({ q, offset: String(offset), limit: String(limit) })}`, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** GET /admin/accounts/{id}/actions: what was done to the account. */
  actionsOn: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.all, 'actions', id] as const,
      queryFn: ({ signal }) => apiFetch<{ items: AdminAction[] }>(`/admin/accounts/${encodeURIComponent(id)}/actions`, { signal }),
    }),
};

export function suspendAccount(id: string, reason: string): Promise<AdminAccount> {
  return apiFetch<AdminAccount>(`/admin/accounts/${encodeURIComponent(id)}/suspend`, { method: 'POST', body: reason ? { reason } : {} });
}

export function restoreAccount(id: string): Promise<AdminAccount> {
  return apiFetch<AdminAccount>(`/admin/accounts/${encodeURIComponent(id)}/restore`, { method: 'POST', body: {} });
}

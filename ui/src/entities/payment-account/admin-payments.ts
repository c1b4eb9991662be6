/** GET /admin/payments (issue 29): every payment, newest first, in keyset pages; never a token. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AdminPaymentPage, PaymentStatus } from '@resuelve/contract';
import { adminKeys } from '../admin/api.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const adminPaymentsPageSize = 25;

export const adminPaymentQueries = {
  list: (status: PaymentStatus | null) =>
    infiniteQueryOptions({
      queryKey: [...adminKeys.all, 'payments', status ?? 'all'] as const,
      queryFn: ({ pageParam, signal }) => {
        const params = new URLSearchParams({ limit: String(adminPaymentsPageSize) });
        if (status) params.set('status', status);
        if (pageParam) params.set('cursor', pageParam);
        return apiFetch<AdminPaymentPage>(`/admin/payments?${params.toString()}`, { signal });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (page: AdminPaymentPage) => page.next_cursor,
    }),
};

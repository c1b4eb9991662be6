/**
 * Earlier-slot alerts as the ui reads and changes them (contract slot-alerts.ts): the signed-in
 * client's alerts on one provider's days, asking on a full day, cancelling. Keys sit under
 * `jobKeys.all`: a job event (a booking, a cancellation) may change what the alerts say.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NewSlotAlert, SlotAlert } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { jobKeys } from '../job/api.ts';

export type { NewSlotAlert, SlotAlert };

export const slotAlertKeys = {
  all: [...jobKeys.all, 'slot-alerts'] as const,
};

export const slotAlertQueries = {
  /** The caller's alerts on one provider's coming days (GET /slot-alerts?provider_id=). */
  ofProvider: (providerId: string) =>
    queryOptions({
      queryKey: [...slotAlertKeys.all, providerId] as const,
      queryFn: ({ signal }) => apiFetch<{ items: SlotAlert[] }>(`/slot-alerts?provider_id=${encodeURIComponent(providerId)}`, { signal }).then((res) => res.items),
    }),
};

/** POST /slot-alerts: wait on a full day (the same alert when asked again). */
export function askSlotAlert(alert: NewSlotAlert): Promise<SlotAlert> {
  return apiFetch<SlotAlert>('/slot-alerts', { method: 'POST', body: alert });
}

/** DELETE /slot-alerts/{id}: stop waiting. */
export function cancelSlotAlert(id: string): Promise<void> {
  return apiFetch<void>(`/slot-alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * What the desktop console keeps for outages (desktop/src/main/offline-store.ts): the provider's
 * jobs of the coming days with their clients' contact, and the actions taken offline. Shared by the
 * console's main process, its renderer and the journeys' fake bridge (decision record 0026).
 */
/** One of the provider's jobs as the offline store keeps it, with its client's contact. */
export interface OfflineJob {
  id: string;
  title: string;
  status: string;
  scheduled_start: string;
  scheduled_end: string;
  timezone: string;
  location_address: string | null;
  client: { id: string; name: string; phone: string | null; email: string | null; address: string | null };
}

export interface OfflineSnapshot {
  jobs: OfflineJob[];
  /** When the api last answered them (ISO 8601). */
  saved_at: string;
}

export type OfflineActionKind = 'start' | 'end' | 'note';

export interface OfflineActionInput {
  kind: OfflineActionKind;
  job_id: string;
  /** The note's text (kind `note`): sent to the client in the job's conversation. */
  text?: string;
}

export interface OfflineAction extends OfflineActionInput {
  id: string;
  /** Sent with every attempt, so a repeat after a timeout is answered, not applied twice. */
  idempotency_key: string;
  sequence: number;
  queued_at: string;
  status: 'waiting' | 'failed';
  attempts: number;
  error_code: string | null;
}

export interface OfflineState {
  snapshot: OfflineSnapshot | null;
  actions: OfflineAction[];
}

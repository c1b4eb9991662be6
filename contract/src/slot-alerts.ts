/**
 * Earlier-slot alerts (issue 30): on a provider's full day (the booking page shows no free time
 * that day, availability reason `fully_booked`), a client asks to hear when a time frees. When a
 * cancellation, a decline, an expiry or a new time of another job frees one, everyone waiting on
 * that day is told at once (a live event, and an email or SMS in their language with a link to
 * book); the first to book gets it by the booking's own no-overlap rule, and the others then find
 * the time taken (their alert waits again once the day is full again). One alert per client,
 * provider and day; it ends when the day passes, when its client books that provider that day, or
 * when the client cancels it.
 */

/** `waiting`: the day is full and the client waits; `freed`: they were told a time freed (it may be taken again meanwhile). */
export const slotAlertStatuses = ['waiting', 'freed'] as const;
export type SlotAlertStatus = (typeof slotAlertStatuses)[number];

export const slotAlertLimits = {
  /** A client's alerts waiting at once (all providers, all days). */
  maxActivePerClient: 20,
  /** Shortest and longest time asked for, in minutes (quarter hours, as booking durations). */
  minMinutes: 15,
  maxMinutes: 24 * 60,
} as const;

/** An alert as its client sees it. */
export interface SlotAlert {
  id: string;
  provider_id: string;
  provider_name: string;
  /** The provider's calendar day (YYYY-MM-DD, their time zone). */
  date: string;
  /** The length of time the client was looking for. */
  duration_minutes: number;
  status: SlotAlertStatus;
  created_at: string;
  /** When the client was last told a time freed; null while waiting. */
  notified_at: string | null;
}

/** `POST /slot-alerts`. */
export interface NewSlotAlert {
  provider_id: string;
  date: string;
  /** Minutes (default 60), a multiple of 15. */
  duration_minutes?: number;
}

/** Live event `slot_alert.changed`, to the alert's client: a time freed (`freed`) or the day filled again (`waiting`). */
export interface SlotAlertChange {
  alert_id: string;
  provider_id: string;
  date: string;
  status: SlotAlertStatus;
  at: string;
}

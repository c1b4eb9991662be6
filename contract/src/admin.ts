/** The admin console's answers (SPEC.md §7: Logs; issue "trust and growth"). */
import type { LogLevel } from './session.ts';

/** A client log entry as the admin console lists it. */
export interface AdminLogEntry {
  id: string;
  logged_at: string;
  received_at: string;
  level: LogLevel;
  message: string;
  correlation_id: string | null;
  session_id: string | null;
  user_id: string | null;
  user_email: string | null;
  url: string | null;
  category: string | null;
}

export interface AdminLogPage {
  items: AdminLogEntry[];
  total: number;
}

export const adminLimits = {
  /** Rows on one page of an admin list. */
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** What the admin actions record (who, when, what): decisions, suspensions and the expiry job's changes. */
export const adminActionKinds = [
  'verification_approved',
  'verification_rejected',
  'insurance_expired',
  'account_suspended',
  'account_restored',
  /** A project put on, or taken off, the landing's featured list (decision 0046). */
  'project_featured',
  'project_unfeatured',
] as const;
export type AdminActionKind = (typeof adminActionKinds)[number];

export interface AdminAction {
  id: string;
  action: AdminActionKind;
  /** The admin who acted; null for the background job. */
  admin_id: string | null;
  admin_email: string | null;
  target_id: string;
  details: Record<string, string | null>;
  created_at: string;
}

export type AccountRole = 'client' | 'provider' | 'admin';

/** An account as the admin console finds it. */
export interface AdminAccount {
  id: string;
  email: string;
  name: string | null;
  company_name: string | null;
  role: AccountRole;
  is_onboarded: boolean;
  suspended_at: string | null;
  created_at: string;
}

export interface AdminAccountPage {
  items: AdminAccount[];
  total: number;
}

/** One day of the admin overview (Puerto Rico's calendar). */
export interface AdminOverviewDay {
  /** YYYY-MM-DD. */
  date: string;
  signups: number;
  bookings: number;
  /** Clients with a job booked or taking place that day. */
  active_clients: number;
}

/** GET /admin/overview: the last `days` days, and where the providers and clients stand now. */
export interface AdminOverview {
  days: AdminOverviewDay[];
  providers: { listed: number; verified: number; insured: number };
  /** Clients with a job booked or taking place in the period. */
  active_clients: number;
  pending_verifications: number;
  suspended_accounts: number;
}

export const adminOverviewDays = { default: 30, min: 7, max: 90 } as const;

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

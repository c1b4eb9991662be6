import type { Locale } from './locale.ts';

export const userRoles = ['client', 'provider', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** The signed-in person's own profile, as `GET /profiles/me` answers it. */
export interface Profile {
  id: string;
  email: string;
  is_contractor: boolean;
  is_onboarded: boolean;
  is_email_verified: boolean;
  is_admin: boolean;
  language: Locale;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  avatar_url: string | null;
  created_at: string;
}

/** What anybody may see of another person's profile (`GET /profiles/{id}`). */
export interface PublicProfile {
  id: string;
  is_contractor: boolean;
  display_name: string | null;
  avatar_url: string | null;
  created_at: string;
}

export interface SignInResponse {
  access_token: string;
  expires_in: number;
  user: Profile;
  /** Only for `client: "desktop"` sign-ins; the web gets an httpOnly cookie instead. */
  refresh_token?: string;
}

export const refreshCookieName = 'rs_refresh';

/**
 * A non-secret companion of the refresh cookie that the page may read: set and cleared with it, so
 * a visitor's start-up knows there is no session to refresh without asking (and logging a 401).
 */
export const sessionMarkerCookieName = 'rs_session';

/** Client log entry (SPEC.md §3). */
export const logLevels = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof logLevels)[number];
export interface ClientLogEntry {
  timestamp: string;
  level: LogLevel;
  message: string;
  correlation_id?: string;
  session_id?: string;
  user_id?: string;
  url?: string;
  category?: string;
}

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  links: string[];
  codes: string[];
  created_at: string;
}

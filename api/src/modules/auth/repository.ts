/** Tables the auth module owns (migrations/src/20261121_0002_accounts.ts). */
import { Model } from 'objection';

export type SessionClient = 'web' | 'desktop';
export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export class User extends Model {
  static override tableName = 'users';

  declare id: string;
  declare email: string;
  declare password_hash: string;
  declare email_confirmed_at: Date | null;
  declare failed_login_count: number;
  declare locked_until: Date | null;
  declare password_changed_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}

export class RefreshToken extends Model {
  static override tableName = 'refresh_tokens';

  declare id: string;
  declare user_id: string;
  declare family_id: string;
  declare token_hash: string;
  declare client: SessionClient;
  declare rotated_from: string | null;
  declare replaced_by: string | null;
  declare expires_at: Date;
  declare revoked_at: Date | null;
  declare created_at: Date;
}

export class EmailToken extends Model {
  static override tableName = 'email_tokens';

  declare id: string;
  declare user_id: string;
  declare purpose: EmailTokenPurpose;
  declare email: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare created_at: Date;
}

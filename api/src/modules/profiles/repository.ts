/** The profile table (migrations/src/20261121_0002_accounts.ts); its id is the user's id. */
import { Model } from 'objection';
import type { Locale } from '@resuelve/contract';

export class ProfileRow extends Model {
  static override tableName = 'profiles';

  declare id: string;
  declare is_contractor: boolean;
  declare is_onboarded: boolean;
  declare is_email_verified: boolean;
  declare is_admin: boolean;
  declare language: Locale;
  declare first_name: string | null;
  declare last_name: string | null;
  declare display_name: string | null;
  declare avatar_url: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

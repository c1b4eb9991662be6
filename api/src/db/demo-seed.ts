import type { Knex } from 'knex';

export interface DemoAccount {
  role: 'client' | 'provider' | 'admin';
  email: string;
  password: string;
}

export const demoAccounts: DemoAccount[] = [];

/** Loads demo data on the first run; answers whether it did. Filled by the accounts module. */
export async function seedDemo(_knex: Knex): Promise<boolean> {
  return false;
}

/**
 * The provider's WhatsApp number (issue 30, decision record 0055): kept as the digits wa.me takes,
 * refused when it cannot be a mobile (contract on-my-way.ts). Only its owner reads it here; the
 * client of an accepted job gets it on the job (jobs/repository.ts), nobody else anywhere.
 */
import type { Knex } from 'knex';
import { whatsappNumberOf, type WhatsappSetting } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { requireProvider } from './providers.ts';

/** GET /providers/me/whatsapp. */
export async function ownWhatsapp(db: Knex, userId: string): Promise<WhatsappSetting> {
  await requireProvider(db, userId);
  const row = (await db('providers').where({ id: userId }).first('whatsapp_number')) as { whatsapp_number: string | null };
  return { number: row.whatsapp_number };
}

/** PUT /providers/me/whatsapp: a number, or null / '' to remove it. 400 validation_failed (number: invalid_phone) or whatsapp_not_mobile. */
export async function setOwnWhatsapp(db: Knex, userId: string, setting: WhatsappSetting): Promise<WhatsappSetting> {
  await requireProvider(db, userId);
  let digits: string | null = null;
  if (setting.number) {
    const checked = whatsappNumberOf(setting.number);
    if ('problem' in checked) {
      if (checked.problem === 'whatsapp_not_mobile') throw new AppError('whatsapp_not_mobile', 'A WhatsApp number must be a mobile number');
      throw new AppError('validation_failed', 'Not a phone number', { details: { number: checked.problem } });
    }
    digits = checked.digits;
  }
  await db('providers').where({ id: userId }).update({ whatsapp_number: digits });
  return { number: digits };
}

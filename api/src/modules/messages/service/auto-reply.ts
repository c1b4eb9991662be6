/**
 * The provider's automatic reply (provider settings, both languages): sent once per conversation,
 * in the client's language, when the client writes first (the provider has not written there yet)
 * or writes outside the provider's business hours. It is marked `automatic` and never counts
 * towards the provider's limits.
 */
import type { Knex } from 'knex';
import { minutesOf, type AutoReply, type BusinessHours } from '@resuelve/contract';
import { forbidden } from '../../../lib/errors.ts';
import { isoInZone, weekdayOf } from '../../availability/index.ts';

/** Whether an instant falls inside the provider's open hours of that weekday, on their wall clock. */
export function withinBusinessHours(hours: BusinessHours, timeZone: string, at: Date): boolean {
  const local = isoInZone(at, timeZone);
  const day = hours[weekdayOf(local.slice(0, 10))];
  if (!day?.open) return false;
  const minute = minutesOf(local.slice(11, 16));
  return minute >= minutesOf(day.from) && minute < minutesOf(day.to);
}

interface ProviderReply {
  auto_reply_enabled: boolean;
  auto_reply_es: string;
  auto_reply_en: string;
  business_hours: BusinessHours;
  timezone: string;
}

/**
 * In the sending transaction, after the client's message, for a conversation not yet answered
 * automatically whose provider has the reply on (the row is locked): the reply's text when one is
 * due, marking the conversation as answered; null otherwise.
 */
export async function autoReplyFor(trx: Knex.Transaction, conversationId: string, providerId: string, clientId: string, now: Date): Promise<string | null> {
  const provider = (await trx('providers')
    .where('id', providerId)
    .first('auto_reply_enabled', 'auto_reply_es', 'auto_reply_en', 'business_hours', 'timezone')) as ProviderReply | undefined;
  if (!provider?.auto_reply_enabled) return null;
  const providerWrote = await trx('messages').where({ conversation_id: conversationId, sender_id: providerId, automatic: false }).first('id');
  if (providerWrote && withinBusinessHours(provider.business_hours, provider.timezone, now)) return null;
  const client = await trx('profiles').where('id', clientId).first('language');
  const [preferred, fallback] = client?.language === 'en' ? [provider.auto_reply_en, provider.auto_reply_es] : [provider.auto_reply_es, provider.auto_reply_en];
  const text = (preferred.trim() ? preferred : fallback).trim();
  if (!text) return null;
  await trx('conversations').where('id', conversationId).update({ auto_replied_at: now });
  return text;
}

async function requireProvider(db: Knex, userId: string): Promise<void> {
  const provider = await db('providers as pr').join('profiles as p', 'p.id', 'pr.id').where('pr.id', userId).where('p.is_contractor', true).first('pr.id');
  if (!provider) throw forbidden();
}

/** GET /providers/me/auto-reply. */
export async function ownAutoReply(db: Knex, userId: string): Promise<AutoReply> {
  await requireProvider(db, userId);
  const row = await db('providers').where('id', userId).first('auto_reply_enabled', 'auto_reply_es', 'auto_reply_en');
  return { enabled: row.auto_reply_enabled, text_es: row.auto_reply_es, text_en: row.auto_reply_en };
}

/** PUT /providers/me/auto-reply. */
export async function setOwnAutoReply(db: Knex, userId: string, reply: AutoReply): Promise<AutoReply> {
  await requireProvider(db, userId);
  await db('providers').where('id', userId).update({ auto_reply_enabled: reply.enabled, auto_reply_es: reply.text_es, auto_reply_en: reply.text_en });
  return ownAutoReply(db, userId);
}

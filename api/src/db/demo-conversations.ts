/**
 * Conversations for the demo accounts, written through the messages module as the two people
 * would write them (its rules, counters and unread counts), at times over the last days: each demo
 * account opens the app to conversations and messages it has not read yet.
 */
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { LocalEventBus } from '../lib/events.ts';
import type { Storage } from '../lib/storage.ts';
import { readUpTo, sendMessage, startConversation, type MessagesContext } from '../modules/messages/index.ts';

/** One line of a conversation: who writes ('client' or 'provider') and how many hours before now. */
type Line = [by: 'client' | 'provider', hoursAgo: number, text: string];

interface Thread {
  clientId: string;
  providerId: string;
  jobId: string | null;
  lines: Line[];
}

interface ConversationIds {
  demoClientId: string;
  demoProviderId: string;
}

const hourMs = 3_600_000;

/**
 * The latest moment not after `at` when people in Puerto Rico (UTC-4) are awake, 07:00 to 22:00:
 * a seed run at night still shows messages written in the day, in the same order.
 */
export function awake(at: Date): Date {
  const local = new Date(at.getTime() - 4 * hourMs);
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  if (hour >= 7 && hour < 22) return at;
  const back = hour < 7 ? hour + 2 : hour - 22;
  return new Date(at.getTime() - back * hourMs - 1000);
}

async function write(trx: Knex.Transaction, services: { storage: Storage; config: Config }, now: Date, thread: Thread): Promise<void> {
  let at = now;
  // Nothing listens to a seed's events; the clock stands at each line's time.
  const context: MessagesContext = { knex: trx, storage: services.storage, config: services.config, events: new LocalEventBus(), clock: { now: () => at } };
  const [first, ...rest] = thread.lines;
  const caller = (by: Line[0]) => ({ userId: by === 'client' ? thread.clientId : thread.providerId, isAdmin: false });
  const other = (by: Line[0]) => (by === 'client' ? thread.providerId : thread.clientId);
  at = awake(new Date(now.getTime() - first![1] * hourMs));
  const started = await startConversation(context, caller(first![0]), { recipient_id: other(first![0]), text: first![2], ...(thread.jobId ? { job_id: thread.jobId } : {}) }, undefined);
  for (const [by, hoursAgo, text] of rest) {
    at = awake(new Date(now.getTime() - hoursAgo * hourMs));
    // Whoever answers has read what came before: only the last turn waits unread.
    const latest = (await trx('messages').where({ conversation_id: started.body.id }).whereNot({ sender_id: caller(by).userId }).max('id as id').first()) as { id: string | null };
    if (latest.id) await readUpTo(context, caller(by), String(latest.id));
    await sendMessage(context, caller(by), started.body.id, { text }, undefined);
  }
}

/**
 * The demo client with the demo provider about the waiting request, and with two island providers
 * it found in search; the demo provider with two island clients of past jobs. Each answer reads
 * what came before it; the last turn of each is the other side's, so both demo accounts have
 * unread messages.
 */
export async function seedConversations(trx: Knex.Transaction, services: { storage: Storage; config: Config }, now: Date, ids: ConversationIds): Promise<void> {
  const pending = (await trx('jobs').where({ client_id: ids.demoClientId, provider_id: ids.demoProviderId, status: 'pending' }).first('id')) as { id: string } | undefined;
  const others = (await trx.raw<{ rows: { id: string }[] }>(
    `SELECT p.id FROM providers p JOIN project_images pi ON pi.owner_id = p.id
      WHERE p.id <> ? AND p.listed AND pi.project_id IS NOT NULL GROUP BY p.id ORDER BY max(p.rating_average) DESC, p.id LIMIT 2`,
    [ids.demoProviderId],
  )).rows;
  const pastClients = (await trx.raw<{ rows: { client_id: string }[] }>(
    `SELECT client_id FROM jobs WHERE provider_id = ? AND client_id <> ? AND status = 'completed' GROUP BY client_id ORDER BY max(scheduled_start) DESC LIMIT 2`,
    [ids.demoProviderId, ids.demoClientId],
  )).rows;
  const threads: Thread[] = [
    {
      clientId: ids.demoClientId, providerId: ids.demoProviderId, jobId: pending?.id ?? null,
      lines: [
        ['client', 20, 'Hola Pedro, le envié la solicitud por la fuga debajo del fregadero. ¿Puede venir mañana?'],
        ['provider', 19, '¡Hola Carmen! Sí, mañana en la mañana puedo. ¿El agua sale del tubo o de la llave?'],
        ['client', 18, 'Del tubo, justo donde se une con el desagüe.'],
        ['provider', 2, 'Perfecto, llevo las piezas. Le confirmo la hora en un rato.'],
      ],
    },
    ...others.map((provider, k): Thread => ({
      clientId: ids.demoClientId, providerId: provider.id, jobId: null,
      lines: k === 0
        ? [['client', 30, '¡Buenas! Vi sus fotos. ¿Tiene espacio para un trabajo parecido en San Juan el mes que viene?'], ['provider', 5, '¡Gracias! Sí, tengo espacio. ¿Me envía fotos del área y le preparo un estimado?']]
        : [['client', 50, 'Hola, ¿trabaja los sábados?'], ['provider', 48, 'Sí, los sábados de 9:00 a 1:00.'], ['client', 47, 'Perfecto, le escribo para coordinar.'], ['provider', 26, 'A la orden. Tengo libre el sábado que viene.']],
    })),
    ...pastClients.map((client, k): Thread => ({
      clientId: client.client_id, providerId: ids.demoProviderId, jobId: null,
      lines: k === 0
        ? [['client', 9, 'Pedro, el calentador que instaló sigue perfecto. ¿Me puede revisar también la presión del agua?']]
        : [['client', 28, 'Buenas tardes, ¿me puede enviar la factura del último trabajo?'], ['provider', 27, 'Claro, se la envío hoy.'], ['client', 4, '¡Gracias! Ya la recibí. ¿Hace mantenimiento de calentadores solares?']],
    })),
  ];
  for (const thread of threads) await write(trx, services, now, thread);
}

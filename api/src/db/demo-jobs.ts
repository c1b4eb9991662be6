/**
 * Jobs between the demo client and the demo provider, so both homes are alive on the first
 * `npm start`: a request waiting for the provider (the next open day), an accepted job after it
 * (unless the island gave them one), and a job done last week. The client reviews each job once
 * (migration 0034): of the island's earlier job and this one, the one not reviewed yet gets the
 * review, so the client has two finished jobs, one review and a job waiting for its review. Times
 * are free slots of the provider (provider_free_slots), so the island's own jobs are never overlapped.
 */
import type { Knex } from 'knex';
import { priceLines, type QuoteLineInput } from '@resuelve/contract';

interface DemoJob {
  status: 'pending' | 'upcoming' | 'completed';
  title: string;
  description: string;
  start: Date;
  hours: number;
  actions: string[];
}

/** The first free start (09:00 or later) of `hours` on the `skipDays`-th open day from tomorrow, in the provider's zone. */
async function freeStart(trx: Knex.Transaction, providerId: string, now: Date, hours: number, skipDays: number): Promise<Date | null> {
  const { rows } = await trx.raw<{ rows: { slot_start: Date }[] }>(
    `SELECT f.slot_start
     FROM providers pr,
          generate_series(1, 21) AS i,
          provider_free_slots(pr.id, ((:now::timestamptz AT TIME ZONE pr.timezone)::date + i), :minutes, :now) AS f
     WHERE pr.id = :id AND extract(hour FROM f.slot_start AT TIME ZONE pr.timezone) >= 9
     ORDER BY f.slot_start`,
    { id: providerId, now, minutes: hours * 60 },
  );
  const days = new Map<string, Date>();
  for (const { slot_start: start } of rows) {
    const day = start.toISOString().slice(0, 10);
    if (!days.has(day)) days.set(day, start);
  }
  return [...days.values()][skipDays] ?? null;
}

const titles = { completed: 'Cambio de calentador de agua', pending: 'Fuga debajo del fregadero', upcoming: 'Revisión del panel eléctrico' };

export async function seedDemoJobs(trx: Knex.Transaction, providerId: string, clientId: string, now: Date): Promise<void> {
  // Seeded once, recognised by the request's title. The island may already have given these two
  // an upcoming job (it stands in for the demo's own) or a review (then last week's job waits for one).
  if (await trx('jobs').where({ provider_id: providerId, client_id: clientId, title: titles.pending }).first('id')) return;
  const hasUpcoming = await trx('jobs').where({ provider_id: providerId, client_id: clientId, status: 'upcoming' }).first('id');
  const hasReview = await trx('reviews').where({ provider_id: providerId, client_id: clientId }).first('id');
  const plumbing = (await trx('categories').where({ slug: 'plumbing' }).first('id')) as { id: number } | undefined;
  const tomorrow = await freeStart(trx, providerId, now, 1, 0);
  const later = await freeStart(trx, providerId, now, 2, 2);
  const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
  lastWeek.setUTCHours(13, 0, 0, 0); // 09:00 in Puerto Rico
  const jobs: DemoJob[] = [
    {
      status: 'completed',
      title: titles.completed,
      description: 'Instalar un calentador nuevo de 40 galones en el cuarto de lavar.',
      start: lastWeek,
      hours: 3,
      actions: ['book', 'accept', 'start', 'end'],
    },
  ];
  if (tomorrow) {
    jobs.push({
      status: 'pending',
      title: titles.pending,
      description: 'Gotea el tubo debajo del fregadero de la cocina; el gabinete se está mojando.',
      start: tomorrow,
      hours: 1,
      actions: ['book'],
    });
  }
  if (later && !hasUpcoming) {
    jobs.push({
      status: 'upcoming',
      title: titles.upcoming,
      description: 'Se disparan los breakers del baño cuando se usa el secador.',
      start: later,
      hours: 2,
      actions: ['book', 'accept'],
    });
  }
  for (const job of jobs) {
    const end = new Date(job.start.getTime() + job.hours * 3_600_000);
    // A finished job was booked days before it; the open ones this last day.
    const bookedAt = job.status === 'completed' ? new Date(job.start.getTime() - 3 * 86_400_000) : new Date(now.getTime() - 20 * 3_600_000);
    const when: Record<string, Date> = {
      book: bookedAt,
      accept: new Date(bookedAt.getTime() + 2 * 3_600_000),
      start: job.start,
      end,
    };
    const [row] = (await trx('jobs')
      .insert({
        client_id: clientId,
        provider_id: providerId,
        category_id: plumbing?.id ?? null,
        title: job.title,
        description: job.description,
        status: job.status,
        scheduled_start: job.start,
        scheduled_end: end,
        duration_hours: job.hours,
        estimated_hours: job.status === 'pending' ? null : job.hours,
        actual_hours: job.status === 'completed' ? job.hours : null,
        started_at: job.status === 'completed' ? job.start : null,
        ended_at: job.status === 'completed' ? end : null,
        location_type: 'on_site',
        created_by: clientId,
        created_at: bookedAt,
        updated_at: now,
      })
      .returning('id')) as { id: string }[];
    const steps: Record<string, [string | null, string, 'client' | 'provider']> = {
      book: [null, 'pending', 'client'],
      accept: ['pending', 'upcoming', 'provider'],
      start: ['upcoming', 'in_progress', 'provider'],
      end: ['in_progress', 'completed', 'provider'],
    };
    await trx('job_transitions').insert(
      job.actions.map((action) => {
        const [from, to, actor] = steps[action]!;
        return { job_id: row!.id, from_status: from, to_status: to, action, actor, actor_id: actor === 'client' ? clientId : providerId, at: when[action] };
      }),
    );
    if (job.status === 'completed') await draftDemoBill(trx, row!.id, job.hours, end);
    if (job.status === 'completed' && !hasReview) {
      await trx('reviews').insert({
        job_id: row!.id,
        provider_id: providerId,
        client_id: clientId,
        rating: 5,
        comment: 'Llegó a tiempo, dejó todo limpio y explicó cada paso. ¡Muy recomendado!',
        created_at: new Date(end.getTime() + 2 * 3_600_000),
        updated_at: new Date(end.getTime() + 2 * 3_600_000),
      });
    }
  }
}

/**
 * Last week's job ended with its draft bill (issue 28, migration 0039), as ending it in the app
 * makes one: the worked hours at the rate the job kept, the heater and the old one's disposal, so
 * the provider has a total to confirm and the client a receipt to read.
 */
async function draftDemoBill(trx: Knex.Transaction, jobId: string, hours: number, at: Date): Promise<void> {
  const job = (await trx('jobs').where({ id: jobId }).first('rate_cents_snapshot', 'rate_unit_snapshot')) as { rate_cents_snapshot: number | null; rate_unit_snapshot: string | null };
  const labour: QuoteLineInput =
    job.rate_unit_snapshot === 'visit'
      ? { kind: 'labour_fixed', description: 'Instalación del calentador', quantity: 1, unit_price_cents: job.rate_cents_snapshot!, tax_rate: 'standard' }
      : { kind: 'labour_hourly', description: 'Instalación del calentador', quantity: hours, unit_price_cents: job.rate_cents_snapshot ?? 6500, tax_rate: 'standard' };
  const priced = priceLines([
    labour,
    { kind: 'material', description: 'Calentador de agua de 40 galones', quantity: 1, unit_price_cents: 42_999, tax_rate: 'standard' },
    { kind: 'other', description: 'Recogido del calentador viejo', quantity: 1, unit_price_cents: 3500, tax_rate: 'exempt' },
  ]);
  await trx('job_bills').insert({
    job_id: jobId,
    lines: JSON.stringify(priced.lines),
    subtotal_cents: priced.subtotal_cents,
    tax_cents: priced.tax_cents,
    total_cents: priced.total_cents,
    status: 'draft',
    created_at: at,
    updated_at: at,
  });
}

import type { Knex } from 'knex';

/**
 * Texts people agreed to and can stop (issue 30, decision record 0056):
 * - `sms_consents`: the consent given when a number is verified, with the wording shown, its
 *   version, its language and the time (kept, never updated: the record of what was agreed);
 * - `sms_opt_outs`: the numbers that texted STOP (PARAR, BAJA…); every text to one is held back by
 *   the SMS sending path itself until the number texts START (ALTA) or is verified again;
 * - `sms_reply_targets`: for each number, the job its latest job text was about, so a reply lands
 *   in that job's conversation;
 * - `sms_inbound`: every text the gateway delivered to the webhook and what became of it (the
 *   gateway's id, when it sends one, makes a retried delivery count once).
 * Numbers are E.164 digits without "+", as profiles.phone_number.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sms_consents', (t) => {
    t.bigIncrements('id');
    t.uuid('profile_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('phone_number').notNullable();
    t.text('wording_version').notNullable();
    t.text('wording').notNullable();
    t.text('language').notNullable();
    t.timestamp('given_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX sms_consents_by_profile ON sms_consents (profile_id, given_at DESC)');

  await knex.schema.createTable('sms_opt_outs', (t) => {
    t.text('phone_number').primary();
    // The word as texted (" Bája "), for the record.
    t.text('keyword').notNullable();
    t.timestamp('stopped_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('sms_reply_targets', (t) => {
    t.text('phone_number').primary();
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.timestamp('sent_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('sms_inbound', (t) => {
    t.bigIncrements('id');
    t.text('gateway_id').unique();
    t.text('from_number').notNullable();
    t.text('body').notNullable();
    t.text('outcome').notNullable().checkIn(['stopped', 'started', 'replied', 'unknown_number', 'no_job', 'empty', 'refused']);
    t.uuid('job_id').references('jobs.id').onDelete('SET NULL');
    t.bigInteger('message_id');
    t.timestamp('received_at', { useTz: true }).notNullable();
  });
  await knex.raw('CREATE INDEX sms_inbound_by_number ON sms_inbound (from_number, received_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('sms_inbound');
  await knex.schema.dropTableIfExists('sms_reply_targets');
  await knex.schema.dropTableIfExists('sms_opt_outs');
  await knex.schema.dropTableIfExists('sms_consents');
}

/**
 * `npm test` starts this while vitest runs (scripts/test.mjs): it makes the journeys' template
 * database on TEST_DATABASE_URL's server (journey-template.ts), prints its name on a line of its
 * own, and drops it when its standard input closes (the journeys are over, or `npm test` ended).
 */
import { createKnex } from '../api/src/db/knex.ts';
import { createJourneyTemplate } from './journey-template.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: without it the journeys start a PostgreSQL of their own');
const template = `rs_e2e_pre_${process.pid}_${Date.now().toString(36)}_tpl`;

async function drop(): Promise<void> {
  const admin = createKnex(adminUrl!, { poolMax: 1 });
  try {
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [template]);
  } finally {
    await admin.destroy();
  }
}

// Dropped however the template's user goes, even half made.
process.stdin.resume();
process.stdin.on('end', () => void drop().finally(() => process.exit(0)));
try {
  await createJourneyTemplate(adminUrl, template);
} catch (error) {
  console.error(error);
  await drop();
  process.exit(1);
}
console.log(`template ${template}`);

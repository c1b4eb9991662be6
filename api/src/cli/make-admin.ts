/**
 * `npm run admin -- <email>` (or `npx tsx api/src/cli/make-admin.ts <email>`): makes an existing
 * account an admin. Uses DATABASE_URL, or the embedded database under ./.data like `npm start`.
 */
import { fileURLToPath } from 'node:url';
import { checkEmail } from '@resuelve/contract';
import { createKnex } from '../db/knex.ts';
import { openDatabase } from '../db/open-database.ts';
import { grantAdmin } from '../modules/profiles/index.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

const usage = 'Usage: npm run admin -- <email>   (the account must exist: sign up first)';

/** Runs the command and answers its exit code. */
export async function makeAdmin(args: string[], io: CliIo): Promise<number> {
  const email = (args[0] ?? '').trim().toLowerCase();
  if (args.length !== 1 || checkEmail(email) !== null) {
    io.err(args.length === 0 ? usage : `"${args.join(' ')}" is not one email address.\n${usage}`);
    return 2;
  }
  const database = await openDatabase(io.env, io.err);
  const knex = createKnex(database.url, { poolMax: 1 });
  try {
    const { rows } = await knex.raw<{ rows: { table: string | null }[] }>(`SELECT to_regclass('public.profiles')::text AS table`);
    if (!rows[0]?.table) {
      io.err('This database has no accounts yet. Run `npm start` once (it creates the tables), sign up, then try again.');
      return 1;
    }
    const result = await grantAdmin(knex, email, new Date());
    if (!result) {
      io.err(`No account has the email ${email}. The person must sign up first.`);
      return 1;
    }
    io.out(
      result.already
        ? `${result.profile.email} was already an admin (account ${result.profile.id}).`
        : `${result.profile.email} is now an admin (account ${result.profile.id}). It takes effect at their next sign-in or token refresh.`,
    );
    return 0;
  } catch (error) {
    io.err(`Could not make the admin: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await knex.destroy();
    await database.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  makeAdmin(process.argv.slice(2), { env: process.env, out: console.log, err: console.error }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

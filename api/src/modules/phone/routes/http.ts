/** The per-request environment of the phone rules. */
import type { Request } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import type { PhoneEnv } from '../service/verification.ts';

export function phoneEnv(context: Pick<AppContext, 'knex' | 'config' | 'senders' | 'clock'>, request: Request): PhoneEnv {
  const { knex, config, senders, clock } = context;
  return {
    db: knex,
    now: clock.now(),
    secret: config.jwtSecret,
    sms: senders.sms,
    localesDir: config.localesDir,
    onSendError: (error) => request.log(['error', 'sms'], { err: error }),
  };
}

/** The per-request environment of the phone rules. */
import type { Request } from '@hapi/hapi';
import type { PhoneEnv } from './service.ts';

export function phoneEnv(request: Request): PhoneEnv {
  const { knex, config, senders, clock } = request.server.app.context;
  return {
    db: knex,
    now: clock.now(),
    secret: config.jwtSecret,
    sms: senders.sms,
    localesDir: config.localesDir,
    onSendError: (error) => request.log(['error', 'sms'], { err: error }),
  };
}

import { describe, expect, it } from 'vitest';
import { smsKeywordOf } from './sms.ts';

describe('smsKeywordOf', () => {
  it.each(['STOP', 'stop', ' parar ', 'Parar', 'PARAR', 'Bája', 'baja', 'BAJA.', 'Stop!', '\tstop\n', 'unsubscribe', 'opt out', 'Opt-Out'])(
    'reads %j as stop',
    (body) => {
      expect(smsKeywordOf(body)).toBe('stop');
    },
  );

  it.each(['START', 'start', ' Alta ', 'ÁLTA', 'álta!', 'unstop'])('reads %j as start', (body) => {
    expect(smsKeywordOf(body)).toBe('start');
  });

  it.each(['', '   ', 'no paren', 'stop please', 'Llego tarde, no pares', 'bajará', 'altas', 'stopp', 'Voy a parar el agua'])('reads %j as no keyword', (body) => {
    expect(smsKeywordOf(body)).toBeNull();
  });
});

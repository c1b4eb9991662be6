import { describe, expect, it } from 'vitest';
import { whatsappLabel, whatsappLink, whatsappNumberOf } from './on-my-way.ts';

describe('whatsappNumberOf', () => {
  it.each([
    ['787 555 0123', '17875550123'],
    ['(939) 555-0199', '19395550199'],
    ['+1 787.555.0123', '17875550123'],
    ['1 787 555 0123', '17875550123'],
    ['  +34 612 34 56 78 ', '34612345678'],
  ])('takes %j as %s', (typed, digits) => {
    expect(whatsappNumberOf(typed)).toEqual({ digits });
  });

  it.each(['1-800-555-0100', '888 555 0100', '+1 877 555 0100', '900-555-0100', '411 555 0100', '787 911 0100'])('refuses %j as not a mobile', (typed) => {
    expect(whatsappNumberOf(typed)).toEqual({ problem: 'whatsapp_not_mobile' });
  });

  it.each(['', '   ', '555-0123', 'llámame', '787 555 01234', '2 787 555 0123', '787+5550123', '+0 787 555 0123', '087 555 0123', '787 055 0123', '+1234567', '+1234567890123456'])(
    'refuses %j as not a phone number',
    (typed) => {
      expect(whatsappNumberOf(typed)).toEqual({ problem: 'invalid_phone' });
    },
  );
});

describe('whatsappLink and whatsappLabel', () => {
  it('prefills the message, encoded, on wa.me', () => {
    expect(whatsappLink('17875550123', 'Hola, ¿llegas a las 9:30? «Baño» & más')).toBe(
      'https://wa.me/17875550123?text=Hola%2C%20%C2%BFllegas%20a%20las%209%3A30%3F%20%C2%ABBa%C3%B1o%C2%BB%20%26%20m%C3%A1s',
    );
  });

  it('shows a North American number in groups and others with their country code', () => {
    expect(whatsappLabel('17875550123')).toBe('+1 787 555 0123');
    expect(whatsappLabel('34612345678')).toBe('+34612345678');
  });
});

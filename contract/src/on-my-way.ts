/**
 * "On my way" and WhatsApp (issue 30, decision record 0055). On an accepted job's day its provider
 * says they are on their way with an arrival estimate, in minutes from now or as a time of that
 * day; the client sees it live and hears it by SMS or email. A provider may keep a WhatsApp number
 * that the client of an accepted job reaches through a click-to-chat link; nobody else gets it.
 */

export const onMyWayLimits = {
  /** The arrival estimate, from now: at least 5 minutes, at most 4 hours. */
  minArrivalMinutes: 5,
  maxArrivalMinutes: 240,
  /** The quick choices the provider's form offers, in minutes. */
  arrivalChoices: [15, 30, 45, 60] as const,
} as const;

/** `POST /jobs/{id}/on-my-way`: the arrival in minutes from now, or as a wall-clock time (HH:MM) of today in the provider's zone. */
export type OnMyWayRequest = { arrival_minutes: number } | { arrival_time: string };

/** A job's latest "on my way": when it was said and the arrival given (ISO 8601 with the provider's offset). */
export interface JobOnMyWay {
  at: string;
  arrival_at: string;
}

/** The provider's WhatsApp number (`GET/PUT /providers/me/whatsapp`): digits with the country code, or null for none. */
export interface WhatsappSetting {
  number: string | null;
}

export type WhatsappProblem = 'invalid_phone' | 'whatsapp_not_mobile';

/** North American area codes that never reach a phone a person carries: toll-free and premium numbers. */
const nonMobileAreaCodes = new Set(['800', '822', '833', '844', '855', '866', '877', '880', '881', '882', '883', '884', '885', '886', '887', '888', '889', '900']);

/**
 * A WhatsApp number as typed ("787 555 0123", "+1 (939) 555-0123", "+34 612 34 56 78") made into
 * the digits wa.me takes, or why not. Ten digits without a "+" are a Puerto Rico or other North
 * American number (country code 1 added). Toll-free, premium and N11 service numbers are refused
 * as not mobile. A North American landline cannot be told from a mobile by its digits (787 and 939
 * carry both), so those are taken as given (decision record 0055).
 */
export function whatsappNumberOf(typed: string): { digits: string } | { problem: WhatsappProblem } {
  const text = typed.trim();
  if (!text || /[^\d\s()+.-]/.test(text) || text.indexOf('+') > 0) return { problem: 'invalid_phone' };
  const raw = text.replace(/\D/g, '');
  const international = text.startsWith('+');
  const digits = !international && raw.length === 10 ? `1${raw}` : raw;
  if (!international && !(digits.length === 11 && digits.startsWith('1'))) return { problem: 'invalid_phone' };
  if (digits.length < 8 || digits.length > 15 || digits.startsWith('0')) return { problem: 'invalid_phone' };
  if (digits.startsWith('1')) {
    if (digits.length !== 11) return { problem: 'invalid_phone' };
    const area = digits.slice(1, 4);
    const exchange = digits.slice(4, 7);
    if (!/^[2-9]/.test(area) || !/^[2-9]/.test(exchange)) return { problem: 'invalid_phone' };
    if (nonMobileAreaCodes.has(area) || /^[2-9]11$/.test(area) || /^[2-9]11$/.test(exchange)) return { problem: 'whatsapp_not_mobile' };
  }
  return { digits };
}

/** The number for people: "+1 787 555 0123" for North America, else "+" and the digits. */
export function whatsappLabel(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}` : `+${digits}`;
}

/** WhatsApp's click-to-chat link with a message already written (https://faq.whatsapp.com/5913398998672934). */
export function whatsappLink(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

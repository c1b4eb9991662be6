/**
 * Texts people agreed to and can stop (issue 30, decision record 0056): the consent wording's
 * version, the words that stop and resume every text to a number (TCPA: STOP must stop them), what
 * the inbound webhook answers, and the dev reply form's limits.
 */

/**
 * The version of the consent statement shown at phone verification (locales phone.json
 * `sms_consent`). A new wording gets a new version; each consent records the one it was given under.
 */
export const smsConsentVersion = '2026-11-28';

/** Whole-message words that stop every text to the number (English, Spanish, and the TCPA's list). */
export const smsStopWords = ['stop', 'stopall', 'parar', 'baja', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout', 'opt out'] as const;

/** Whole-message words that resume them. */
export const smsStartWords = ['start', 'alta', 'unstop'] as const;

export type SmsKeyword = 'stop' | 'start';

/**
 * Which keyword a text is, if it is one: the whole message, in any case, with or without accents,
 * surrounding spaces or a closing mark (" parar ", "Bája", "STOP."). A sentence that only contains
 * the word ("no paren de escribir") is a reply, not a keyword.
 */
export function smsKeywordOf(body: string): SmsKeyword | null {
  const word = body
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s.!¡¿?,;:"'«»-]+/g, ' ')
    .trim();
  if ((smsStopWords as readonly string[]).includes(word)) return 'stop';
  if ((smsStartWords as readonly string[]).includes(word)) return 'start';
  return null;
}

/** What became of one inbound text (the webhook's answer and the sms_inbound record). */
export const smsInboundOutcomes = ['stopped', 'started', 'replied', 'unknown_number', 'no_job', 'empty', 'refused'] as const;
export type SmsInboundOutcome = (typeof smsInboundOutcomes)[number];

export interface SmsInboundAnswer {
  outcome: SmsInboundOutcome;
  /** The conversation a reply landed in. */
  conversation_id?: string;
  /** Why a reply was not stored (a message error code, e.g. conversation_blocked). */
  code?: string;
}

/** An inbound text's body as gateways deliver it: long texts arrive joined, up to this. */
export const smsInboundBodyMaxLength = 1600;

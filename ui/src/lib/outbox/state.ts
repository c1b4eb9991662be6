/**
 * The states every offline queue speaks (the message outbox, the booking queue, the console's
 * offline actions): pure names, no DOM and no Node, so the desktop's main process can use them too.
 */

/** `waiting`: for the connection (or the next round); `sending`: on its way, cannot be called back; `failed`: refused, kept with its reason. */
export type OutboxState = 'waiting' | 'sending' | 'failed';

/** How one try of an item ended. */
export type SendResult = 'sent' | 'refused' | 'unreachable';

/**
 * Where an item goes after a try: `null` when sent (it leaves the queue), `failed` when refused,
 * `waiting` when nothing answered (it goes again later with the same key).
 */
export function stateAfter(result: SendResult): OutboxState | null {
  if (result === 'sent') return null;
  return result === 'refused' ? 'failed' : 'waiting';
}

/** Only what has not gone can be dropped: one on its way may already have arrived. */
export const canCancel = (state: OutboxState): boolean => state !== 'sending';

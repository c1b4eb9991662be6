/** `message-notices` (DESIGN.md §8): email or SMS for messages left unread a few minutes. */
import type { AppContext } from '../context.ts';
import { sendUnreadNotices } from '../modules/messages/index.ts';

export function sendMessageNotices(context: AppContext, onError?: (error: unknown) => void): Promise<number> {
  return sendUnreadNotices(context, onError);
}

import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useShallow } from 'zustand/react/shallow';
import { conversationKeys, conversationQueries } from '../../entities/conversation/api.ts';
import type { Conversation } from '../../entities/conversation/api.ts';
import { loadOlderMessages, markMessageRead, messageQueries } from '../../entities/message/api.ts';
import type { Thread } from '../../entities/message/api.ts';
import { useOutbox, type OutgoingMessage } from '../../entities/message/outbox.ts';
import { newestUnreadFrom, withDaySeparators, withReadUpTo } from '../../entities/message/thread.ts';
import type { Message } from '@resuelve/contract';
import { useSession } from '../../lib/session-store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { chatTimeZone, formatDay, useChatLocale } from './format.ts';
import { MessageBubble, OutgoingBubble } from './message-bubble.tsx';
import { Button } from '../../components/button.tsx';

/** A row of the chat: a message the api holds, or one of one's own still on its way. */
interface Entry {
  created_at: string;
  message?: Message;
  outgoing?: OutgoingMessage;
}

/** How close to the bottom still counts as reading the newest messages (new ones then scroll into view). */
const nearBottomPx = 120;

/** The chat's messages, oldest first with day separators; older ones load on scrolling up; what one reads is marked read. */
export function MessageThread({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const locale = useChatLocale();
  const me = useSession((s) => s.user?.id ?? '');
  const thread = useQuery({ ...messageQueries.thread(conversation.id), meta: { silent: true } });
  const outgoing = useOutbox(useShallow((s) => s.items.filter((item) => item.conversationId === conversation.id)));
  const scroller = useRef<HTMLDivElement>(null);
  const older = useOlderMessages(conversation.id, thread.data, scroller);
  useMarkRead(conversation.id, thread.data, me);

  const entries: Entry[] = [
    ...(thread.data?.items ?? []).map((message) => ({ created_at: message.created_at, message })),
    ...outgoing.map((item) => ({ created_at: item.createdAt, outgoing: item })),
  ];
  const lastKey = entries.length > 0 ? rowKey(entries[entries.length - 1]!) : '';
  useStickToBottom(scroller, lastKey, entries[entries.length - 1]);

  if (thread.isPending) {
    return (
      <div className="thread thread--state" role="status">
        <p className="muted">{t('chat.loading')}</p>
      </div>
    );
  }
  if (thread.isError) {
    return (
      <div className="thread thread--state">
        <div className="alert alert-error" role="alert">
          <p>{t('chat.load_failed')}</p>
          <Button variant="secondary" onClick={() => void thread.refetch()}>
            {t('chat.retry')}
          </Button>
        </div>
      </div>
    );
  }

  const name = conversation.other_party.name;
  const rows = withDaySeparators(entries, chatTimeZone);
  const words = { today: t('chat.today'), yesterday: t('chat.yesterday') };
  return (
    <div ref={scroller} className="thread" role="log" aria-label={t('chat.messages_label', { name })} tabIndex={0}>
      {thread.data.hasOlder ? (
        <div className="thread__older" ref={older.sentinel}>
          <Button variant="quiet" disabled={older.loading} onClick={older.load}>
            {older.loading ? t('chat.older_loading') : t('chat.older')}
          </Button>
          {older.failed ? (
            <p className="field-error" role="alert">
              {t('chat.older_failed')}
            </p>
          ) : null}
        </div>
      ) : entries.length > 0 ? (
        <p className="thread__start muted">{t('chat.start', { name })}</p>
      ) : null}
      {entries.length === 0 ? <p className="thread__empty muted">{t('chat.empty')}</p> : null}
      <ol className="thread__rows">
        {rows.map((row) =>
          row.kind === 'day' ? (
            <li key={`day-${row.day}`} className="thread__day">
              <span>{formatDay(row.day, locale, words)}</span>
            </li>
          ) : (
            <li key={rowKey(row.message)} className="thread__row">
              {row.message.message ? (
                <MessageBubble message={row.message.message} mine={row.message.message.sender_id === me} senderName={name} />
              ) : (
                <OutgoingBubble item={row.message.outgoing!} />
              )}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

function rowKey(entry: Entry): string {
  return entry.message ? `m-${entry.message.id}` : `o-${entry.outgoing!.localId}`;
}

/** Opening the chat shows the newest message; a new one scrolls into view when one was already near the bottom, or when it is one's own. */
function useStickToBottom(scroller: React.RefObject<HTMLDivElement | null>, lastKey: string, last: Entry | undefined) {
  const me = useSession((s) => s.user?.id);
  const wasNearBottom = useRef(true);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      wasNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < nearBottomPx;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  });
  const mine = Boolean(last?.outgoing) || last?.message?.sender_id === me;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !lastKey) return;
    if (wasNearBottom.current || mine) element.scrollTop = element.scrollHeight;
  }, [scroller, lastKey, mine]);
}

/** Older pages: on reaching the top (or pressing the button), keeping the messages in view where they were. */
function useOlderMessages(conversationId: string, thread: Thread | undefined, scroller: React.RefObject<HTMLDivElement | null>) {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const fromBottom = useRef<number | null>(null);
  const firstId = thread?.items[0]?.id;

  const load = () => {
    if (loading) return;
    const element = scroller.current;
    fromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
    setLoading(true);
    setFailed(false);
    loadOlderMessages(queryClient, conversationId)
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  };

  // The messages read before stay where they were on screen once older ones are put above them.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || fromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId, scroller]);

  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) loadRef.current();
    }, { root: scroller.current, rootMargin: '80px 0px 0px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, scroller]);

  return { loading, failed, load, sentinel: setSentinel };
}

/** What the other side wrote is marked read once it is on screen (the newest one marks every earlier one). */
function useMarkRead(conversationId: string, thread: Thread | undefined, me: string) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const visible = usePageVisible();
  const marked = useRef<string | null>(null);
  const unread = newestUnreadFrom(thread, me);
  useEffect(() => {
    if (!unread || !online || !visible || marked.current === unread.id) return;
    marked.current = unread.id;
    markMessageRead(unread.id)
      .then((read) => {
        queryClient.setQueryData<Thread>(messageQueries.thread(conversationId).queryKey, (held) => withReadUpTo(held, me, read.last_read_id, read.read_at));
        queryClient.setQueryData(conversationQueries.unreadCount().queryKey, read.unread_count);
        void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      })
      .catch(() => {
        marked.current = null;
      });
  }, [unread, online, visible, conversationId, me, queryClient]);
}

/** Whether the page is in view (a message that arrives in a hidden tab is read when the tab comes back). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    (notify) => {
      document.addEventListener('visibilitychange', notify);
      return () => document.removeEventListener('visibilitychange', notify);
    },
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

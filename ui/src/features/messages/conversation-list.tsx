import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { PendingNote } from '../../components/pending-note.tsx';
import { SavedDataNote } from '../../components/saved-data-note.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { conversationQueries } from '../../entities/conversation/api.ts';
import type { Conversation, ConversationFilters } from '../../entities/conversation/api.ts';
import { conversationPriorities, conversationStatuses, messageLimits } from '@resuelve/contract';
import type { ConversationPriority, ConversationStatus } from '@resuelve/contract';
import { useSession } from '../../lib/session-store.ts';
import { PartyAvatar } from './party-avatar.tsx';
import { formatListTime, useChatLocale } from './format.ts';
import { useSettled } from './use-settled.ts';
import { Button } from '../../components/button.tsx';
import { Tabs } from '../../components/tabs.tsx';

interface ListFilters {
  q: string;
  status: ConversationStatus | '';
  priority: ConversationPriority | '';
  archived: boolean;
}

const noFilters: ListFilters = { q: '', status: '', priority: '', archived: false };

function toQuery(filters: ListFilters): ConversationFilters {
  return {
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    archived: filters.archived,
  };
}

/** The conversation list (SPEC.md §2): search, status and priority filters, inbox or archive, unread marks and last message. */
export function ConversationList({ selectedId, onStart }: { selectedId: string | null; onStart: () => void }) {
  const { t } = useTranslation('messages');
  const [filters, setFilters] = useState<ListFilters>(noFilters);
  // The list follows the search text once typing pauses, not at every key.
  const q = useSettled(filters.q, 300);
  const query = toQuery({ ...filters, q });
  const list = useInfiniteQuery({ ...conversationQueries.list(query), meta: { silent: true } });
  const filtered = filters.q.trim() !== '' || filters.status !== '' || filters.priority !== '';
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const online = useConnectionState() === 'online';

  return (
    <section className="messages__list" aria-label={t('list.label')}>
      {list.isPending || items.length > 0 || filtered || filters.archived ? <ListFilterFields filters={filters} onChange={setFilters} /> : null}
      <SavedDataNote updatedAt={list.dataUpdatedAt} />
      {list.isPending && !online ? (
        <PendingNote>{t('list.loading')}</PendingNote>
      ) : list.isPending ? (
        <div className="conversation-list" role="status" aria-label={t('list.loading')}>
          {[0, 1, 2, 3].map((n) => (
            <div key={n} className="conversation-row conversation-row--skeleton" aria-hidden="true">
              <Skeleton shape="avatar" />
              <div className="conversation-row__text">
                <Skeleton />
                <Skeleton short />
              </div>
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <div className="alert alert-error" role="alert">
          <p>{t('list.load_failed')}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className={`messages__empty${filtered || filters.archived ? '' : ' messages__empty--inbox'}`}>
          {filtered || filters.archived ? (
            <>
              <p>{t('list.no_match')}</p>
              <Button variant="secondary" className="messages__empty-action" onClick={() => setFilters(noFilters)}>
                {t('list.clear_filters')}
              </Button>
            </>
          ) : (
            <EmptyInbox onStart={onStart} />
          )}
        </div>
      ) : (
        <>
          <ul className="conversation-list">
            {items.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow conversation={conversation} selected={conversation.id === selectedId} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="quiet" block disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {t('list.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function EmptyInbox({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation('messages');
  const provider = useSession((s) => s.user?.is_contractor ?? false);
  return (
    <>
      <h2>{t('list.empty_title')}</h2>
      <p className="muted">{t(provider ? 'list.empty_text_provider' : 'list.empty_text_client')}</p>
      <Button variant="primary" className="messages__empty-action" onClick={onStart}>
        {t('new_conversation')}
      </Button>
    </>
  );
}

function ListFilterFields({ filters, onChange }: { filters: ListFilters; onChange: (next: ListFilters) => void }) {
  const { t } = useTranslation('messages');
  const id = useId();
  return (
    <div className="conversation-filters" role="search">
      <Tabs
        appearance="segmented"
        className="conversation-folders"
        label={t('list.folder')}
        items={[
          { id: 'inbox', label: t('list.inbox') },
          { id: 'archived', label: t('list.archived') },
        ]}
        value={filters.archived ? 'archived' : 'inbox'}
        onChange={(folder) => onChange({ ...filters, archived: folder === 'archived' })}
      />
      <label className="visually-hidden" htmlFor={`${id}-q`}>
        {t('list.search')}
      </label>
      <input
        id={`${id}-q`}
        className="input"
        type="search"
        maxLength={messageLimits.searchMaxLength}
        placeholder={t('list.search_placeholder')}
        value={filters.q}
        onChange={(event) => onChange({ ...filters, q: event.target.value })}
      />
      <div className="conversation-filters__selects">
        <FilterSelect
          label={t('list.status')}
          anyLabel={t('list.all_statuses')}
          value={filters.status}
          options={conversationStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          onChange={(status) => onChange({ ...filters, status })}
        />
        <FilterSelect
          label={t('list.priority')}
          anyLabel={t('list.all_priorities')}
          value={filters.priority}
          options={conversationPriorities.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
          onChange={(priority) => onChange({ ...filters, priority })}
        />
      </div>
    </div>
  );
}

/** One filter of the list: any value (the empty option, named by the filter), or one of `options`. */
function FilterSelect<T extends string>(props: { label: string; anyLabel: string; value: T | ''; options: { value: T; label: string }[]; onChange: (value: T | '') => void }) {
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        {props.label}
      </label>
      <select id={id} className="select" value={props.value} onChange={(event) => props.onChange(event.target.value as T | '')}>
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** What a row says of the last message: its text, its file, or that it was deleted. */
function usePreview(conversation: Conversation): string {
  const { t } = useTranslation('messages');
  const me = useSession((s) => s.user?.id);
  const last = conversation.last_message;
  if (!last) return t('list.no_messages');
  const text = last.deleted_at ? t('list.deleted') : last.text || (last.attachment ? t('list.attachment', { name: last.attachment.name }) : '');
  return last.sender_id === me ? t('list.you', { text }) : text;
}

function ConversationRow({ conversation, selected }: { conversation: Conversation; selected: boolean }) {
  const { t } = useTranslation('messages');
  const locale = useChatLocale();
  const preview = usePreview(conversation);
  const unread = conversation.unread_count > 0;
  const when = conversation.last_message?.created_at ?? conversation.updated_at;
  return (
    <Link
      to={`/messages/${encodeURIComponent(conversation.id)}`}
      className={`conversation-row${selected ? ' conversation-row--selected' : ''}${unread ? ' conversation-row--unread' : ''}`}
      aria-current={selected ? 'page' : undefined}
    >
      <PartyAvatar party={conversation.other_party} />
      <span className="conversation-row__text">
        <span className="conversation-row__top">
          <span className="conversation-row__name">{conversation.other_party.name}</span>
          <time className="conversation-row__time" dateTime={when}>
            {formatListTime(when, locale)}
          </time>
        </span>
        {conversation.subject ? <span className="conversation-row__subject">{conversation.subject}</span> : null}
        <span className="conversation-row__bottom">
          <span className="conversation-row__preview">{preview}</span>
          {unread ? (
            <span className="nav-count" aria-label={t('list.unread', { count: conversation.unread_count })}>
              {conversation.unread_count}
            </span>
          ) : null}
        </span>
        <span className="conversation-row__tags">
          {conversation.priority !== 'normal' ? (
            <span className={`tag tag--${conversation.priority}`}>{t(`priority.${conversation.priority}`)}</span>
          ) : null}
          {conversation.status !== 'active' ? <span className={`tag tag--${conversation.status}`}>{t(`status.${conversation.status}`)}</span> : null}
        </span>
      </span>
    </Link>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DropdownMenu, type MenuEntry } from '../../components/dropdown-menu.tsx';
import { conversationKeys, conversationQueries, patchConversation } from '../../entities/conversation/api.ts';
import type { Conversation, ConversationPatch } from '../../entities/conversation/api.ts';
import { conversationPriorities } from '@resuelve/contract';
import type { ConversationPriority } from '@resuelve/contract';
import { problemText } from '../../lib/api-error.ts';
import { buttonClassName } from '../../components/button.tsx';

type Asked = 'archive' | 'block' | 'unblock' | 'spam';

/** What each change says when it worked, and when it did not (SPEC.md §8: archive and block failures). */
const outcomes: Record<string, { done: string; failed: string }> = {
  archive: { done: 'actions.archived', failed: 'actions.archive_failed' },
  unarchive: { done: 'actions.unarchived', failed: 'actions.change_failed' },
  block: { done: 'actions.blocked', failed: 'actions.block_failed' },
  unblock: { done: 'actions.unblocked', failed: 'actions.block_failed' },
  spam: { done: 'actions.spammed', failed: 'actions.change_failed' },
  other: { done: 'actions.saved', failed: 'actions.change_failed' },
};

/**
 * One menu (⋯) for the caller's own view: complete, archive, block and spam (those three ask first),
 * then the priority (out of the header, so a phone's header keeps its room for the name).
 */
export function ConversationActions({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Asked | null>(null);
  const name = conversation.other_party.name;

  const change = useMutation({
    mutationFn: ({ patch }: { patch: ConversationPatch; outcome: keyof typeof outcomes }) => patchConversation(conversation.id, patch),
    meta: { silent: true },
    onSuccess: (updated, { outcome }) => {
      queryClient.setQueryData(conversationQueries.detail(conversation.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.lists });
      toast.success(t(outcomes[outcome]!.done, { name }));
    },
    onError: (error, { outcome }) => toast.error(t(outcomes[outcome]!.failed), { description: problemText(t, error) }),
  });

  const run = (patch: ConversationPatch, outcome: keyof typeof outcomes) => {
    setAsked(null);
    change.mutate({ patch, outcome });
  };

  const blocked = conversation.status === 'blocked';
  const entries: MenuEntry[] = [
    conversation.status === 'completed'
      ? { kind: 'action', id: 'reopen', label: t('actions.reopen'), onSelect: () => run({ status: 'active' }, 'other') }
      : { kind: 'action', id: 'complete', label: t('actions.complete'), onSelect: () => run({ status: 'completed' }, 'other') },
    conversation.archived
      ? { kind: 'action', id: 'unarchive', label: t('actions.unarchive'), onSelect: () => run({ archived: false }, 'unarchive') }
      : { kind: 'action', id: 'archive', label: t('actions.archive'), onSelect: () => setAsked('archive') },
    blocked
      ? { kind: 'action', id: 'unblock', label: t('actions.unblock'), onSelect: () => setAsked('unblock') }
      : { kind: 'action', id: 'block', label: t('actions.block'), onSelect: () => setAsked('block') },
    conversation.spam
      ? { kind: 'action', id: 'not-spam', label: t('actions.not_spam'), onSelect: () => run({ spam: false }, 'other') }
      : { kind: 'action', id: 'spam', label: t('actions.spam'), onSelect: () => setAsked('spam') },
    ...conversationPriorities.map((priority): MenuEntry => {
      const current = priority === conversation.priority;
      return {
        kind: 'action',
        id: `priority-${priority}`,
        label: t(current ? 'actions.priority_current' : 'actions.priority_option', { priority: t(`priority.${priority}`) }),
        icon: current ? '✓' : undefined,
        onSelect: () => (current || change.isPending ? undefined : run({ priority: priority satisfies ConversationPriority }, 'other')),
      };
    }),
  ];

  const confirmations: Record<Asked, { title: string; message: string; confirm: string; patch: ConversationPatch; destructive: boolean }> = {
    archive: { title: t('actions.confirm_archive_title'), message: t('actions.confirm_archive', { name }), confirm: t('actions.archive'), patch: { archived: true }, destructive: false },
    block: { title: t('actions.confirm_block_title', { name }), message: t('actions.confirm_block', { name }), confirm: t('actions.block'), patch: { status: 'blocked' }, destructive: true },
    unblock: { title: t('actions.confirm_unblock_title', { name }), message: t('actions.confirm_unblock', { name }), confirm: t('actions.unblock'), patch: { status: 'active' }, destructive: false },
    spam: { title: t('actions.confirm_spam_title'), message: t('actions.confirm_spam', { name }), confirm: t('actions.spam'), patch: { spam: true }, destructive: true },
  };
  const question = asked ? confirmations[asked] : null;

  return (
    <div className="chat__actions">
      <DropdownMenu label={t('actions.menu')} trigger={<span aria-hidden="true">⋯</span>} buttonClassName={buttonClassName({ variant: 'secondary', className: 'chat__menu' })} entries={entries} />
      {question && asked ? (
        <ConfirmDialog
          title={question.title}
          message={question.message}
          confirmLabel={question.confirm}
          cancelLabel={t('actions.cancel')}
          destructive={question.destructive}
          onCancel={() => setAsked(null)}
          onConfirm={() => run(question.patch, asked)}
        />
      ) : null}
    </div>
  );
}

import { useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { messageLimits } from '@resuelve/contract';
import type { Message } from '@resuelve/contract';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DropdownMenu } from '../../components/dropdown-menu.tsx';
import { addToThread, deleteMessage, editMessage } from '../../entities/message/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { Button } from '../../components/button.tsx';

/** Puts the api's answer (the edited message, or its deleted trace) in its place. */
function useMessageChange<T>(change: (input: T) => Promise<Message>, failed: string) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: { silent: true },
    onSuccess: (message) => addToThread(queryClient, message.conversation_id, [message]),
    onError: (error) => toast.error(t(failed), { description: problemText(t, error) }),
  });
}

/** Edit and delete of one's own message (delete asks first; the message stays as a trace). */
export function OwnMessageMenu({ message, onEdit }: { message: Message; onEdit: () => void }) {
  const { t } = useTranslation('messages');
  const [asking, setAsking] = useState(false);
  const remove = useMessageChange(() => deleteMessage(message.id), 'own.delete_failed');
  return (
    <>
      <DropdownMenu
        label={t('own.menu')}
        trigger={<span aria-hidden="true">⋯</span>}
        buttonClassName="bubble__menu"
        placement="above"
        entries={[
          { kind: 'action', id: 'edit', label: t('own.edit'), onSelect: onEdit },
          { kind: 'action', id: 'delete', label: t('own.delete'), onSelect: () => setAsking(true) },
        ]}
      />
      {asking ? (
        <ConfirmDialog
          title={t('own.confirm_delete_title')}
          message={t('own.confirm_delete')}
          confirmLabel={t('own.delete')}
          cancelLabel={t('actions.cancel')}
          destructive
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            remove.mutate(undefined);
          }}
        />
      ) : null}
    </>
  );
}

/** The text of one's own message, corrected in place: Enter saves, Escape leaves it as it was. */
export function EditMessageForm({ message, onDone }: { message: Message; onDone: () => void }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const [text, setText] = useState(message.text);
  const edit = useMessageChange((next: string) => editMessage(message.id, next), 'own.edit_failed');
  const trimmed = text.trim();
  const valid = trimmed !== '' && text.length <= messageLimits.textMaxLength;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid || edit.isPending) return;
    if (trimmed === message.text) return onDone();
    edit.mutate(trimmed, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="bubble__edit" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t('own.edit_label')}
      </label>
      <textarea id={id} className="textarea" rows={2} value={text} autoFocus onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} />
      <p className="bubble__actions">
        <Button variant="quiet" size="sm" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" variant="secondary" size="sm" disabled={!valid || edit.isPending}>
          {t('own.save')}
        </Button>
      </p>
    </form>
  );
}

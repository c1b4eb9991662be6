import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageLimits } from '@resuelve/contract';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { clientQueries } from '../../entities/client/api.ts';
import { startConversation } from '../../entities/conversation/api.ts';
import { sendMessage } from '../../entities/message/outbox.ts';
import { providerQueries } from '../../entities/provider/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { useChatLocale } from './format.ts';
import { useSettled } from './use-settled.ts';
import { Button } from '../../components/button.tsx';

interface Recipient {
  id: string;
  name: string;
  detail: string;
}

/** Search starts at two letters (SPEC.md §5, as the category suggestions). */
const minSearch = 2;

/** A client finds providers in the directory; a provider finds the clients they have a job with. */
function useRecipientSearch(text: string, provider: boolean) {
  const locale = useChatLocale();
  const q = useSettled(text.trim());
  const enabled = q.length >= minSearch;
  const providers = useInfiniteQuery({
    ...providerQueries.search(locale, new URLSearchParams({ q, limit: '8', locale }).toString()),
    enabled: enabled && !provider,
    meta: { silent: true },
  });
  const clients = useQuery({ ...clientQueries.ofProvider(q), enabled: enabled && provider, meta: { silent: true } });
  const found: Recipient[] = provider
    ? (clients.data ?? []).map((c) => ({
        id: c.id,
        name: c.display_name ?? ([c.first_name, c.last_name].filter(Boolean).join(' ') || c.email),
        detail: c.city ?? c.email,
      }))
    : (providers.data?.pages[0]?.items ?? []).map((p) => ({ id: p.id, name: p.company_name, detail: p.categories.map((c) => c.name).join(', ') }));
  const query = provider ? clients : providers;
  return { enabled, found, loading: enabled && query.isFetching && found.length === 0, failed: enabled && query.isError };
}

/** The start-conversation dialog (SPEC.md §2): whom to write to, an optional subject, the first message. */
export function StartConversationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('messages');
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const provider = useSession((s) => s.user?.is_contractor ?? false);
  const [search, setSearch] = useState('');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const results = useRecipientSearch(search, provider);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!recipient) {
      setProblem(t('start.pick_first'));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const conversation = await startConversation({ recipient_id: recipient.id, ...(subject.trim() ? { subject: subject.trim() } : {}) });
      // The first message goes like every other: its own key, its sending state, waiting when offline.
      if (text.trim()) sendMessage(queryClient, conversation.id, text.trim());
      onClose();
      navigate(`/messages/${encodeURIComponent(conversation.id)}`);
    } catch (error) {
      setProblem(`${t('start.failed')} ${problemText(t, error)}`);
      setPending(false);
    }
  };

  return (
    <Dialog title={t('start.title')} onClose={onClose} className="start-dialog">
      <form className="start-dialog__form stack" onSubmit={(event) => void submit(event)} noValidate>
        {recipient ? (
          <p className="start-dialog__chosen">
            <span>{t('start.chosen', { name: recipient.name })}</span>
            <Button variant="quiet" onClick={() => setRecipient(null)}>
              {t('start.change')}
            </Button>
          </p>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-search`}>{t(provider ? 'start.client_search' : 'start.provider_search')}</label>
            <input
              id={`${id}-search`}
              className="input"
              type="search"
              autoComplete="off"
              maxLength={messageLimits.searchMaxLength}
              placeholder={t(provider ? 'start.client_placeholder' : 'start.provider_placeholder')}
              value={search}
              aria-describedby={`${id}-search-hint`}
              onChange={(event) => setSearch(event.target.value)}
            />
            <p id={`${id}-search-hint`} className="field-hint">
              {provider ? t('start.client_hint') : results.enabled ? null : t('start.type_more')}
            </p>
            {results.enabled ? (
              results.loading ? (
                <p className="muted" role="status">
                  {t('start.searching')}
                </p>
              ) : results.failed ? (
                <p className="field-error" role="alert">
                  {t('start.search_failed')}
                </p>
              ) : results.found.length === 0 ? (
                <p className="muted" role="status">
                  {t('start.no_results')}
                </p>
              ) : (
                <ul className="start-dialog__results" aria-label={t(provider ? 'start.results_clients' : 'start.results_providers')}>
                  {results.found.map((found) => (
                    <li key={found.id}>
                      <button type="button" className="start-dialog__result" onClick={() => setRecipient(found)}>
                        <span className="start-dialog__result-name">{found.name}</span>
                        {found.detail ? <span className="muted">{found.detail}</span> : null}
                      </button>
                    </li>
                  ))}
                </ul>
              )
            ) : null}
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-subject`}>{t('start.subject')}</label>
          <input id={`${id}-subject`} className="input" maxLength={messageLimits.subjectMaxLength} value={subject} onChange={(event) => setSubject(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>{t('start.message')}</label>
          <textarea
            id={`${id}-text`}
            className="textarea"
            rows={3}
            maxLength={messageLimits.textMaxLength}
            placeholder={t('start.message_placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <DialogFormActions problem={problem} closeLabel={t('start.close')} onClose={onClose} submitLabel={t('start.submit')} pending={pending} />
      </form>
    </Dialog>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { startConversation } from '../../entities/conversation/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { useLive } from '../../lib/live.ts';
import { useConnectionState } from '../../lib/connection.ts';
import { ChatPane } from './chat-pane.tsx';
import { ConversationList } from './conversation-list.tsx';
import { StartConversationDialog } from './start-conversation-dialog.tsx';
import { Button } from '../../components/button.tsx';
import './messages.css';

/**
 * /messages and /messages/{id} (SPEC.md §2 Messages): the conversation list beside the open chat;
 * on a phone the list, then the chat with a way back. `?provider=` or `?client=` (with `&job=`)
 * opens the conversation with that person (about that job), starting it when there is none.
 */
export function MessagesPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['messages', 'quotes', 'payments-client']);
  const { id } = useParams();
  const [params] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const recipient = params.get('provider') ?? params.get('client');

  return (
    <PageFrame
      feature="messages"
      title={t('title')}
      actions={
        <Button variant="primary" onClick={() => setStarting(true)}>
          {t('new_conversation')}
        </Button>
      }
    >
      <ConnectionNotice />
      {recipient ? (
        <OpenWith recipientId={recipient} jobId={params.get('job')} />
      ) : (
        <div className={`messages${id ? ' messages--chat-open' : ''}`}>
          <ConversationList selectedId={id ?? null} onStart={() => setStarting(true)} />
          <section className="messages__chat" aria-label={t('chat.pick_title')}>
            {id ? (
              <ChatPane key={id} conversationId={id} />
            ) : (
              <div className="messages__pick">
                <h2>{t('chat.pick_title')}</h2>
                <p className="muted">{t('chat.pick_text')}</p>
              </div>
            )}
          </section>
        </div>
      )}
      {starting ? <StartConversationDialog onClose={() => setStarting(false)} /> : null}
    </PageFrame>
  );
}

/**
 * The live socket away while the connection is up: said once, so a person knows why nothing moves.
 * Offline (or Resuelve unreachable) is the app's own connection banner, the one per screen.
 */
function ConnectionNotice() {
  const { t } = useTranslation('messages');
  const connection = useConnectionState();
  const live = useLive((s) => s.status);
  if (connection !== 'online' || live !== 'reconnecting') return null;
  return (
    <p className="alert messages__notice" role="status">
      {t('reconnecting')}
    </p>
  );
}

/** A link's conversation: started (or found open) with that person, then shown at its own address. */
function OpenWith({ recipientId, jobId }: { recipientId: string; jobId: string | null }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const [problem, setProblem] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const ask = `${recipientId} ${jobId ?? ''} ${attempt}`;
    if (asked.current === ask) return; // once per link and try, even when effects run twice
    asked.current = ask;
    setProblem(null);
    startConversation({ recipient_id: recipientId, ...(jobId ? { job_id: jobId } : {}) })
      .then((conversation) => navigate(`/messages/${encodeURIComponent(conversation.id)}`, { replace: true }))
      .catch((error: unknown) => setProblem(error ?? new Error('failed')));
  }, [recipientId, jobId, attempt, navigate]);

  if (!problem) return <LoadingScreen message={t('chat.opening')} />;
  return (
    <div className="alert alert-error" role="alert">
      <p>
        {t('chat.open_failed')} {problemText(t, problem)}
      </p>
      <div className="messages__problem-actions wrap-row">
        <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
          {t('chat.retry')}
        </Button>
        <Button variant="quiet" onClick={() => navigate('/messages', { replace: true })}>
          {t('chat.back')}
        </Button>
      </div>
    </div>
  );
}

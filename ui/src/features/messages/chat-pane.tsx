import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/icons.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { conversationQueries } from '../../entities/conversation/api.ts';
import { ConversationQuotes } from '../../entities/quote/conversation-quotes.tsx';
import type { Conversation } from '../../entities/conversation/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import { Composer } from './composer.tsx';
import { ConversationActions } from './conversation-actions.tsx';
import { MessageThread } from './message-thread.tsx';
import { PartyAvatar } from './party-avatar.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';

/** One conversation: who it is with and what about, its messages, and the composer. */
export function ChatPane({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messages');
  const conversation = useQuery({ ...conversationQueries.detail(conversationId), meta: { silent: true } });

  if (conversation.isPending) return <LoadingScreen message={t('chat.loading')} />;
  if (conversation.isError) {
    const missing = isApiError(conversation.error) && [403, 404].includes(conversation.error.status);
    return (
      <div className="chat chat--problem">
        <BackLink />
        <div className="alert alert-error" role="alert">
          <p>{t(missing ? 'chat.not_found' : 'chat.load_failed')}</p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void conversation.refetch()}>
              {t('chat.retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="chat">
      <ChatHeader conversation={conversation.data} />
      <ConversationQuotes conversation={conversation.data} />
      <MessageThread conversation={conversation.data} />
      <Composer conversation={conversation.data} />
    </div>
  );
}

/** On a phone the chat fills the screen: this leads back to the list. */
function BackLink() {
  const { t } = useTranslation('messages');
  return (
    <ButtonLink variant="quiet" className="chat__back" to="/messages" aria-label={t('chat.back')} title={t('chat.back')}>
      <Icon name="arrowLeft" />
    </ButtonLink>
  );
}

function ChatHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const provider = useSession((s) => s.user?.is_contractor ?? false);
  const jobPath = conversation.job_id ? `/${provider ? 'provider' : 'client'}/jobs/${encodeURIComponent(conversation.job_id)}` : null;
  return (
    <header className="chat__header">
      <BackLink />
      <div className="chat__who">
        <PartyAvatar party={conversation.other_party} />
        <div className="chat__who-text">
          <h2 className="chat__name">{conversation.other_party.name}</h2>
          <p className="chat__about">
            {conversation.subject ? <span className="chat__subject">{conversation.subject}</span> : null}
            {jobPath ? (
              <Link to={jobPath} className="chat__job">
                {t('chat.view_job')}
              </Link>
            ) : null}
            {conversation.about_project ? <span className="muted">{t('chat.about_project')}</span> : null}
          </p>
        </div>
      </div>
      <ConversationActions conversation={conversation} />
    </header>
  );
}

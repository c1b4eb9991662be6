import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../../entities/conversation/use-unread-count.ts';
import type { NavLinkItem } from '../nav-model.ts';

/** The count a menu link carries (unread messages), seen as a badge and heard with the link's name. */
export function NavCount({ count: kind }: { count: NavLinkItem['count'] }) {
  const { t } = useTranslation('nav');
  const unread = useUnreadCount();
  if (kind !== 'unread_messages' || unread === 0) return null;
  return (
    <>
      <span className="nav-count" aria-hidden="true" data-testid="unread-badge">
        {unread > 99 ? '99+' : unread}
      </span>
      {/* Heard after the link's own name: "Mensajes 2 mensajes sin leer". */}
      <span className="visually-hidden">{t('unread_messages', { count: unread })}</span>
    </>
  );
}

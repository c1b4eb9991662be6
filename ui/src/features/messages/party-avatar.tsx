import type { ConversationParty } from '@resuelve/contract';
import { Avatar } from '../../components/avatar/avatar.tsx';

/** The other person's picture, or their initials on their own tone (components/avatar). */
export function PartyAvatar({ party, size = 'md' }: { party: Pick<ConversationParty, 'name' | 'avatar_url'>; size?: 'sm' | 'md' }) {
  return <Avatar url={party.avatar_url} name={party.name} size={size} className="party-avatar" />;
}

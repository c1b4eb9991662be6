import type { ConversationParty } from '@resuelve/contract';

/** The other person's picture, or their initial. */
export function PartyAvatar({ party, size = 44 }: { party: Pick<ConversationParty, 'name' | 'avatar_url'>; size?: number }) {
  if (party.avatar_url) return <img className="party-avatar" src={party.avatar_url} alt="" width={size} height={size} />;
  return (
    <span className="party-avatar party-avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
      {party.name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

import { ButtonLink, type ButtonLinkProps } from '../../components/button.tsx';
import { useSession } from '../../lib/session-store.ts';

type SignedInLinkProps = Omit<ButtonLinkProps, 'to' | 'state'> & {
  /** Where the link leads a signed-in person. */
  to: string;
  /** The accessible name a visitor hears ("Sign in to book with …"); a signed-in person hears `aria-label`. */
  visitorLabel: string;
};

/**
 * A link to a page behind sign-in (booking, a conversation): a visitor goes to sign in first and
 * comes back to it (`state.from`, read by the sign-in page), the way search cards and the profile
 * lead there alike.
 */
export function SignedInLink({ to, visitorLabel, ...rest }: SignedInLinkProps) {
  const signedIn = useSession((s) => s.status === 'signed_in');
  return signedIn ? <ButtonLink {...rest} to={to} /> : <ButtonLink {...rest} to="/auth" state={{ from: to }} aria-label={visitorLabel} />;
}

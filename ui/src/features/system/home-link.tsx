import type { ReactNode } from 'react';
import { useInRouterContext } from 'react-router';
import { ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import type { ButtonVariant } from '../../components/button.tsx';

/** A link home that also works where the screen is drawn outside the router (start-up failures). */
export function HomeLink({ variant, children }: { variant: ButtonVariant; children: ReactNode }) {
  const inRouter = useInRouterContext();
  if (inRouter) {
    return (
      <ButtonLink to="/" variant={variant} size="lg">
        {children}
      </ButtonLink>
    );
  }
  return (
    <ButtonAnchor href="/" variant={variant} size="lg">
      {children}
    </ButtonAnchor>
  );
}

import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

/** A link home that also works where the screen is drawn outside the router (start-up failures). */
export function HomeLink({ className, children }: { className?: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  if (inRouter) {
    return (
      <Link to="/" className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href="/" className={className}>
      {children}
    </a>
  );
}

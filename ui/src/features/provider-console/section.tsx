import { useId } from 'react';
import type { ReactNode } from 'react';

/** A card of the provider's screens, named by its heading. */
export function ProviderSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `card provider-section ${className}` : 'card provider-section'} aria-labelledby={id}>
      <h2 id={id} className="provider-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

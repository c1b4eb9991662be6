import type { ReactNode } from 'react';
import './needs-connection-note.css';

/**
 * Why a button waits while offline: what it sends (a quote and its answers, a payment) is never
 * queued to go later, because the other side or the processor decides on it (decision 0029), so
 * without a connection, the console's offline view included, it is not sent. The words are the
 * caller's.
 */
export function NeedsConnectionNote({ children }: { children: ReactNode }) {
  return (
    <p className="needs-connection" role="note">
      {children}
    </p>
  );
}

import type { MouseEvent, ReactNode } from 'react';

/**
 * A link to a section of this page. Scrolls and moves focus there itself, because a bare `#id`
 * would be taken as a route by a hash-based router (the desktop console).
 */
export function SectionLink({ target, className, children }: { target: string; className?: string; children: ReactNode }) {
  function go(event: MouseEvent<HTMLAnchorElement>) {
    const section = document.getElementById(target);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    const focusable = section.matches('input, button, a, [tabindex]') ? section : section.querySelector<HTMLElement>('[data-section-focus]');
    (focusable ?? section).focus({ preventScroll: true });
  }
  return (
    <a href={`#${target}`} className={className} onClick={go}>
      {children}
    </a>
  );
}

import type { ReactNode } from 'react';

/** One section of the landing page: its heading (and a line under it), then its content. */
export function LandingSection(props: {
  titleId: string;
  title: string;
  subtitle?: string;
  /** Extra classes beside `landing-section`. */
  className?: string;
  /** An anchor the page's links jump to (focused on arrival). */
  anchor?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={props.anchor}
      className={props.className ? `landing-section ${props.className}` : 'landing-section'}
      aria-labelledby={props.titleId}
      aria-busy={props.busy}
      tabIndex={props.anchor ? -1 : undefined}
    >
      <div className="landing-section__head">
        <h2 id={props.titleId} className="landing-section__title">
          {props.title}
        </h2>
        {props.subtitle ? <p className="landing-section__subtitle">{props.subtitle}</p> : null}
      </div>
      {props.children}
    </section>
  );
}

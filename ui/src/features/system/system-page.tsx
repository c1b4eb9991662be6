import type { ReactNode } from 'react';
import './system.css';

/** The frame of a whole-page message (not found, service unavailable): a mark, a title, a line, its ways out. */
export function SystemPage(props: { titleId: string; alert?: boolean; mark: ReactNode; title: string; body: string; actions: ReactNode }) {
  return (
    <section className="system-page" data-feature="system" role={props.alert ? 'alert' : undefined} aria-labelledby={props.titleId}>
      {props.mark}
      <h1 id={props.titleId} className="system-page__title">
        {props.title}
      </h1>
      <p className="system-page__body">{props.body}</p>
      <div className="system-page__actions">{props.actions}</div>
    </section>
  );
}

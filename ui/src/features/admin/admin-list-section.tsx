import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../../lib/api-error.ts';
import { Button } from '../../components/button.tsx';
import { Pager, QueryState } from './list-parts.tsx';
import { AdminSectionFrame } from './section-frame.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

interface ListQuery<Item> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: { items: Item[]; total: number };
}

export interface AdminListSectionProps<Item extends { id: string }> {
  title: string;
  /** Buttons beside the title (export…). */
  actions?: ReactNode;
  /** What stands above the list: search, filters, figures. */
  children?: ReactNode;
  query: ListQuery<Item>;
  loading: string;
  failed: string;
  empty: string;
  /** The "showing from–to of total" line, when the section shows one. */
  count?: (range: { from: number; to: number; total: number }) => string;
  offset: number;
  pageSize: number;
  onPage: (offset: number) => void;
  /** Each item as a card in the console's queue… */
  card?: (item: Item) => ReactNode;
  /** …or the whole page of items drawn by the section (a table, a log). */
  list?: (items: Item[]) => ReactNode;
}

/**
 * One list of the console (accounts, verification, waitlist, logs): its frame and controls, the
 * query's loading and failure lines, its empty line, the page of items and the pager.
 */
export function AdminListSection<Item extends { id: string }>(props: AdminListSectionProps<Item>) {
  const { query, offset } = props;
  const items = query.data?.items;
  return (
    <AdminSectionFrame title={props.title} actions={props.actions}>
      {props.children}
      <QueryState query={query} loading={props.loading} failed={props.failed} />
      {items && items.length === 0 && <p className="muted">{props.empty}</p>}
      {query.data && items && items.length > 0 && (
        <>
          {props.count && (
            <p className="muted" role="status">
              {props.count({ from: offset + 1, to: offset + items.length, total: query.data.total })}
            </p>
          )}
          {props.card ? (
            <ul className="admin-queue">
              {items.map((item) => (
                <li key={item.id}>{props.card?.(item)}</li>
              ))}
            </ul>
          ) : (
            props.list?.(items)
          )}
          <Pager offset={offset} pageSize={props.pageSize} total={query.data.total} onChange={props.onPage} />
        </>
      )}
    </AdminSectionFrame>
  );
}

/** A fact of a card: its label and value (left out when the value is missing). */
export type AdminFact = readonly [label: string, value: ReactNode];

/**
 * One card of a console queue: its title, its facts, its actions, what opens below them (a
 * reason form, a history) and the failure of its last action.
 */
export function AdminRequestCard(props: { headingId: string; title: ReactNode; facts: readonly (AdminFact | null | false)[]; actions: ReactNode; failure: unknown; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <article className="admin-request" aria-labelledby={props.headingId}>
      <h3 id={props.headingId} className="admin-request__title">
        {props.title}
      </h3>
      <dl className="admin-request__facts">
        {props.facts.map((fact) =>
          fact ? (
            <div key={fact[0]}>
              <dt>{fact[0]}</dt>
              <dd>{fact[1]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="admin-request__actions wrap-row">{props.actions}</div>
      {props.children}
      {props.failure ? <ErrorAlert>{problemText(t, props.failure)}</ErrorAlert> : null}
    </article>
  );
}

/** The form that opens under a card's actions to confirm a decision with a reason. */
export function AdminReasonForm(props: {
  onSubmit: () => void;
  children: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  /** The submit button shows it is working. */
  busy?: boolean;
  /** Both buttons wait. */
  disabled?: boolean;
}) {
  return (
    <form
      className="admin-request__reject"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <div className="admin-request__actions wrap-row">
        <Button type="submit" variant="primary" busy={props.busy} disabled={props.disabled}>
          {props.submitLabel}
        </Button>
        <Button variant="secondary" disabled={props.disabled} onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
      </div>
    </form>
  );
}

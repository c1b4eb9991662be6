import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminKeys, adminQueries, restoreAccount, suspendAccount, type AdminAccount } from '../../entities/admin/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { AdminListSection, AdminReasonForm, AdminRequestCard } from './admin-list-section.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { Button } from '../../components/button.tsx';

const pageSize = 20;

/** /admin/accounts: find an account; suspend it (no sign-in, sessions ended, out of search) or restore it; its history. */
export function AccountsSection() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const accounts = useQuery({ ...adminQueries.accounts(q, offset, pageSize), meta: { silent: true } });

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(draft.trim());
    setOffset(0);
  }

  return (
    <AdminListSection
      title={t('sections.accounts')}
      query={accounts}
      loading={t('accounts.loading')}
      failed={t('accounts.failed')}
      empty={t('accounts.empty')}
      offset={offset}
      pageSize={pageSize}
      onPage={setOffset}
      card={(account) => <AccountCard account={account} />}
    >
      <form className="admin-search" role="search" onSubmit={search}>
        <label className="field">
          <span className="field__label">{t('accounts.search')}</span>
          <input className="input" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={t('accounts.search_hint')} maxLength={200} />
        </label>
        <Button type="submit" variant="primary" className="admin-search__submit">
          {t('accounts.find')}
        </Button>
      </form>
    </AdminListSection>
  );
}

function AccountCard({ account }: { account: AdminAccount }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [showHistory, setShowHistory] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const suspend = useMutation({
    mutationFn: () => suspendAccount(account.id, reason.trim()),
    onSuccess: () => {
      setConfirming(false);
      return refresh();
    },
  });
  const restore = useMutation({ mutationFn: () => restoreAccount(account.id), onSuccess: refresh });
  const dates = useDateFormat();
  const when = (value: string) => dates.dateTime(value);
  const headingId = `account-${account.id}`;
  const failure = suspend.error ?? restore.error;
  const title = account.company_name ?? account.name ?? account.email;

  return (
    <AdminRequestCard
      headingId={headingId}
      title={
        <>
          {title}{' '}
          {account.suspended_at ? <span className="admin-level admin-level--error">{t('accounts.suspended')}</span> : null}
        </>
      }
      facts={[
        [t('accounts.email'), account.email],
        [t('accounts.role'), t(`accounts.roles.${account.role}`)],
        [t('accounts.since'), when(account.created_at)],
        !!account.suspended_at && [t('accounts.suspended_at'), when(account.suspended_at)],
      ]}
      actions={
        <>
          {account.role !== 'admin' && !account.suspended_at && !confirming && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('accounts.suspend')}
            </Button>
          )}
          {account.suspended_at && (
            <Button variant="primary" busy={restore.isPending} onClick={() => restore.mutate()}>
              {restore.isPending ? t('accounts.restoring') : t('accounts.restore')}
            </Button>
          )}
          <Button variant="quiet" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
            {t('accounts.history')}
          </Button>
        </>
      }
      failure={failure}
    >
      {confirming && (
        <AdminReasonForm
          onSubmit={() => suspend.mutate()}
          busy={suspend.isPending}
          submitLabel={suspend.isPending ? t('accounts.suspending') : t('accounts.confirm_suspend')}
          cancelLabel={t('verification.cancel')}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('accounts.suspend_explained')}</p>
          <label className="field">
            <span className="field__label">{t('accounts.reason')}</span>
            <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoFocus />
          </label>
        </AdminReasonForm>
      )}
      {showHistory && <AccountHistory id={account.id} />}
    </AdminRequestCard>
  );
}

function AccountHistory({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const history = useQuery({ ...adminQueries.actionsOn(id), meta: { silent: true } });
  const dates = useDateFormat();
  if (history.isPending) return <p className="muted" role="status">{t('accounts.loading_history')}</p>;
  if (history.isError) return <p className="alert alert-error" role="alert">{problemText(t, history.error)}</p>;
  if (history.data.items.length === 0) return <p className="muted">{t('accounts.no_history')}</p>;
  return (
    <ul className="admin-history">
      {history.data.items.map((action) => (
        <li key={action.id}>
          <time dateTime={action.created_at}>{dates.dateTime(action.created_at)}</time>{' '}
          {t(`accounts.actions.${action.action}`)} · {action.admin_email ?? t('accounts.by_system')}
          {action.details.reason ? ` · ${action.details.reason}` : ''}
        </li>
      ))}
    </ul>
  );
}

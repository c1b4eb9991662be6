import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { findMunicipality, useMunicipalities } from '../../entities/geo/api.ts';
import {
  deleteSignup,
  downloadWaitlistCsv,
  waitlistKeys,
  waitlistQueries,
  type WaitlistFilters,
  type WaitlistSignup,
} from '../../entities/waitlist/api.ts';
import { useChange } from '../../lib/use-change.ts';
import { AdminListSection } from './admin-list-section.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { WaitlistEditDialog } from './waitlist-edit-dialog.tsx';
import { WaitlistFigures } from './waitlist-figures.tsx';
import { Button } from '../../components/button.tsx';
import './waitlist.css';
import { ErrorAlert } from '../../components/error-alert.tsx';

const pageSize = 25;

/** /admin/waitlist: the signups (filter, search, export, edit, delete) and their figures. */
export function WaitlistSection() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['waitlist', 'admin', 'landing']);
  const [filters, setFilters] = useState<WaitlistFilters>({});
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<WaitlistSignup | null>(null);
  const [deleting, setDeleting] = useState<WaitlistSignup | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const signups = useQuery({ ...waitlistQueries.signups(filters, { limit: pageSize, offset }), meta: { silent: true } });
  const remove = useChange(deleteSignup, (queryClient) => void queryClient.invalidateQueries({ queryKey: waitlistKeys.all }));
  const dates = useDateFormat();
  const municipalities = useMunicipalities();
  const placeName = (slug: string | null) => (slug ? (findMunicipality(municipalities.data, slug)?.name ?? slug) : '–');

  async function exportCsv() {
    setExporting(true);
    setExportFailed(false);
    try {
      await downloadWaitlistCsv(filters);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }

  return (
    <AdminListSection
      title={t('admin.title')}
      actions={
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('admin.exporting') : t('admin.export')}
        </Button>
      }
      query={signups}
      loading={t('admin.loading')}
      failed={t('admin.error')}
      empty={t('admin.empty')}
      count={(range) => t('admin.page', range)}
      offset={offset}
      pageSize={pageSize}
      onPage={setOffset}
      list={(items) => (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.columns.email')}</th>
                <th scope="col">{t('admin.columns.name')}</th>
                <th scope="col">{t('admin.columns.role')}</th>
                <th scope="col">{t('admin.columns.municipality')}</th>
                <th scope="col">{t('admin.columns.status')}</th>
                <th scope="col">{t('admin.columns.created')}</th>
                <th scope="col">{t('admin.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((signup) => (
                <tr key={signup.id}>
                  <td>{signup.email}</td>
                  <td>{signup.name ?? '–'}</td>
                  <td>{t(`form.roles.${signup.role}`)}</td>
                  <td>{placeName(signup.municipality)}</td>
                  <td>
                    <span className={`admin-status admin-status--${signup.verified ? 'verified' : 'pending'}`}>
                      {signup.verified ? t('admin.statusVerified') : t('admin.statusPending')}
                    </span>
                  </td>
                  <td>{dates.date(signup.created_at)}</td>
                  <td className="admin-table__actions">
                    <Button variant="quiet" size="sm" onClick={() => setEditing(signup)} aria-label={`${t('admin.edit')}: ${signup.email}`}>
                      {t('admin.edit')}
                    </Button>
                    <Button variant="quiet" size="sm" onClick={() => setDeleting(signup)} aria-label={`${t('admin.delete')}: ${signup.email}`}>
                      {t('admin.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    >
      {exportFailed && <ErrorAlert>{t('admin.exportFailed')}</ErrorAlert>}
      <WaitlistFigures />
      <FilterForm
        onApply={(next) => {
          setFilters(next);
          setOffset(0);
        }}
      />
      {editing && <WaitlistEditDialog signup={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('admin.deleteTitle', { email: deleting.email })}
          message={remove.problem ?? t('admin.deleteBody')}
          confirmLabel={t('admin.confirmDelete')}
          cancelLabel={t('admin.cancel')}
          destructive
          confirmDisabled={remove.pending}
          onCancel={() => {
            remove.clearProblem();
            setDeleting(null);
          }}
          onConfirm={() => void remove.run(deleting.id, t('admin.deleted')).then((done) => done && setDeleting(null))}
        />
      )}
    </AdminListSection>
  );
}

function FilterForm({ onApply }: { onApply: (filters: WaitlistFilters) => void }) {
  const { t } = useTranslation('waitlist');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<WaitlistFilters['role']>('');
  const [verified, setVerified] = useState<WaitlistFilters['verified']>('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ q, role, verified });
  }
  return (
    <form className="admin-filters" onSubmit={submit} aria-label={t('admin.filters')}>
      <label className="field">
        <span className="field__label">{t('admin.search')}</span>
        <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{t('admin.role')}</span>
        <select className="input" value={role} onChange={(e) => setRole(e.target.value as WaitlistFilters['role'])}>
          <option value="">{t('admin.anyRole')}</option>
          <option value="client">{t('form.roles.client')}</option>
          <option value="provider">{t('form.roles.provider')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('admin.status')}</span>
        <select className="input" value={verified} onChange={(e) => setVerified(e.target.value as WaitlistFilters['verified'])}>
          <option value="">{t('admin.anyStatus')}</option>
          <option value="true">{t('admin.onlyVerified')}</option>
          <option value="false">{t('admin.onlyPending')}</option>
        </select>
      </label>
      <div className="admin-filters__actions">
        <Button type="submit" variant="primary">
          {t('admin.filters')}
        </Button>
      </div>
    </form>
  );
}

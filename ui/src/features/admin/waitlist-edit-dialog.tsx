import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locales, toLocale, waitlistLimits, waitlistRoles, type Locale, type WaitlistRole } from '@resuelve/contract';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { geoQueries } from '../../entities/geo/api.ts';
import { changeSignup, waitlistKeys, type WaitlistSignup } from '../../entities/waitlist/api.ts';
import { useChange } from '../../lib/use-change.ts';

/** An admin changes a signup's name, role, municipality, language and confirmation. */
export function WaitlistEditDialog({ signup, onClose }: { signup: WaitlistSignup; onClose: () => void }) {
  const { t } = useTranslation('waitlist');
  const municipalities = useQuery({ ...geoQueries.municipalities(), meta: { silent: true } });
  const [name, setName] = useState(signup.name ?? '');
  const [role, setRole] = useState<WaitlistRole>(signup.role);
  const [municipality, setMunicipality] = useState(signup.municipality ?? '');
  const [locale, setLocale] = useState<Locale>(signup.locale);
  const [verified, setVerified] = useState(signup.verified);
  const save = useChange(
    (changes: Parameters<typeof changeSignup>[1]) => changeSignup(signup.id, changes),
    (queryClient) => void queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const done = await save.run({ name: name.trim() || null, role, municipality: municipality || null, locale, verified }, t('admin.saved'));
    if (done) onClose();
  }

  return (
    <Dialog title={t('admin.editTitle', { email: signup.email })} onClose={onClose}>
      <form className="admin-edit" onSubmit={(event) => void submit(event)}>
        <label className="field">
          <span className="field__label">{t('admin.columns.name')}</span>
          <input className="input" value={name} maxLength={waitlistLimits.nameMaxLength} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">{t('admin.columns.role')}</span>
          <select className="input" value={role} onChange={(e) => setRole(e.target.value as WaitlistRole)}>
            {waitlistRoles.map((value) => (
              <option key={value} value={value}>
                {t(`form.roles.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('admin.columns.municipality')}</span>
          <select className="input" value={municipality} onChange={(e) => setMunicipality(e.target.value)}>
            <option value="">{t('form.anyMunicipality')}</option>
            {(municipalities.data ?? []).map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('admin.columns.locale')}</span>
          <select className="input" value={locale} onChange={(e) => setLocale(toLocale(e.target.value))}>
            {locales.map((value) => (
              <option key={value} value={value}>
                {t(`admin.locales.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-edit__check">
          <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} /> {t('admin.markVerified')}
        </label>
        <DialogFormActions problem={save.problem} closeLabel={t('admin.cancel')} onClose={onClose} submitLabel={save.pending ? t('admin.saving') : t('admin.save')} pending={save.pending} />
      </form>
    </Dialog>
  );
}

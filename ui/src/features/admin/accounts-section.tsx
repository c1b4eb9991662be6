import { useTranslation } from 'react-i18next';
import { AdminSectionFrame } from './section-frame.tsx';

/** /adminaccounts: accounts. */
export function AccountsSection() {
  const { t } = useTranslation('admin');
  return (
    <AdminSectionFrame title={t('sections.accounts')}>
      <p className="muted">{t('placeholder')}</p>
    </AdminSectionFrame>
  );
}

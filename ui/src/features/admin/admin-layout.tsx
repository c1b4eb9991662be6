import { NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import './admin.css';

/** The console's sections, each its own address under /admin (so a section can be linked and reloaded). */
export const adminSections = [
  { id: 'overview', to: '/admin' },
  { id: 'verification', to: '/admin/verification' },
  { id: 'waitlist', to: '/admin/waitlist' },
  { id: 'logs', to: '/admin/logs' },
  { id: 'accounts', to: '/admin/accounts' },
  { id: 'no_shows', to: '/admin/no-shows' },
  { id: 'payments', to: '/admin/payments' },
] as const;

/** The admin console (/admin, admins only): the sections as tabs over the open one. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  return (
    <PageFrame feature="admin" title={t('title')}>
      <nav className="admin-tabs" aria-label={t('sections_label')}>
        <ul>
          {adminSections.map((section) => (
            <li key={section.id}>
              <NavLink to={section.to} end className={({ isActive }) => `admin-tab${isActive ? ' admin-tab--active' : ''}`}>
                {t(`sections.${section.id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-section">
        {/* A failing section leaves the tabs usable; moving to another section clears its error. */}
        <ErrorBoundary level="section" resetKeys={[location.pathname]}>
          <Outlet />
        </ErrorBoundary>
      </div>
    </PageFrame>
  );
}

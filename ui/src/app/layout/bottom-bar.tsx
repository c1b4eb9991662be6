import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@resuelve/contract';
import { DropdownMenu } from '../../components/dropdown-menu.tsx';
import { Icon } from '../../components/icons.tsx';
import { NavCount } from './nav-count.tsx';
import { useMainMenu, useUserMenuEntries } from './use-user-menu.ts';

/** Mobile bottom bar (SPEC.md §2): the four menu links plus More (home, profile, settings, portal, sign out). */
export function BottomBar({ me }: { me: Profile }) {
  const { t } = useTranslation('nav');
  const entries = useUserMenuEntries(me);
  const menu = useMainMenu(me);
  return (
    <nav className="bottombar" aria-label={t('main_menu')}>
      {menu.map((item) => (
        <NavLink key={item.to} to={item.to} className="bottombar__link">
          <span className="bottombar__icon">
            <Icon name={item.icon} />
            <NavCount count={item.count} />
          </span>
          <span>{t(item.labelKey)}</span>
        </NavLink>
      ))}
      <DropdownMenu
        label={t('more_menu')}
        placement="above"
        buttonClassName="bottombar__link bottombar__more"
        trigger={
          <>
            <Icon name="more" />
            <span>{t('more')}</span>
          </>
        }
        entries={entries}
      />
    </nav>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@resuelve/contract';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { DropdownMenu } from '../../components/dropdown-menu.tsx';
import { Icon } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { homePathFor } from '../nav-model.ts';
import { NavCount } from './nav-count.tsx';
import { BrandLink } from './brand-link.tsx';
import { displayNameOf, useMainMenu, useUserMenuEntries } from './use-user-menu.ts';

/** Signed-in top bar: brand, the client or provider menu, language and the user menu. */
export function MemberTopBar({ me }: { me: Profile }) {
  const { t } = useTranslation('nav');
  const entries = useUserMenuEntries(me);
  const menu = useMainMenu(me);
  return (
    <header className="topbar topbar--member">
      <div className="topbar__inner">
        <BrandLink to={homePathFor(me)} />
        <nav className="topbar__nav" aria-label={t('main_menu')}>
          {menu.map((item) => (
            <NavLink key={item.to} to={item.to} className="topbar__link">
              <Icon name={item.icon} size={18} />
              <span>{t(item.labelKey)}</span>
              <NavCount count={item.count} />
            </NavLink>
          ))}
        </nav>
        <div className="topbar__end">
          <LanguageSwitch className="topbar__language" />
          <DropdownMenu
            label={t('user_menu.open')}
            buttonClassName="user-button"
            trigger={
              <>
                <Avatar url={me.avatar_url} name={displayNameOf(me)} size="sm" />
                <span className="user-button__name">{displayNameOf(me)}</span>
              </>
            }
            entries={entries}
          />
        </div>
      </div>
    </header>
  );
}

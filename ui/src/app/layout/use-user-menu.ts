import { useTranslation } from 'react-i18next';
import type { Profile } from '@resuelve/contract';
import type { MenuEntry } from '../../components/dropdown-menu.tsx';
import { signOut } from '../../lib/session-actions.ts';
import { usePublicPath } from '../../lib/public-path.ts';
import { mainMenuFor, userMenuFor } from '../nav-model.ts';
import type { NavLinkItem } from '../nav-model.ts';

/** Entries of the user menu (top bar) and of the bottom bar's More menu. */
export function useUserMenuEntries(me: Profile): MenuEntry[] {
  const { t } = useTranslation('nav');
  const publicPath = usePublicPath();
  return userMenuFor(me).map((item) =>
    item.id === 'sign_out'
      ? { kind: 'action', id: item.id, label: t('user_menu.sign_out'), onSelect: () => void signOut() }
      : { kind: 'link', id: item.id, label: t(`user_menu.${item.id}`), to: publicPath(item.to) },
  );
}

/**
 * The main menu's links (top bar and bottom bar), a public page at the address of the page's
 * language, so an English search link opens `/en/providers` in one step (docs/decisions/0034).
 */
export function useMainMenu(me: Profile): NavLinkItem[] {
  const publicPath = usePublicPath();
  return mainMenuFor(me).map((item) => ({ ...item, to: publicPath(item.to) }));
}

export function displayNameOf(me: Profile): string {
  const full = [me.first_name, me.last_name].filter(Boolean).join(' ');
  return me.display_name || full || me.email;
}

import { publicAddressOf } from '@resuelve/contract';
import type { Profile } from '@resuelve/contract';
import type { SessionStatus } from '../lib/session-store.ts';
import type { IconName } from '../components/icons.tsx';

/** What surrounds a screen: nothing, the visitor brand header, or the signed-in top bar and bottom bar. */
export type Chrome = 'none' | 'visitor' | 'member';

/** Screens that stand alone (SPEC.md §2): no top bar. */
export const chromelessPaths: readonly string[] = ['/auth', '/auth/reset-password', '/verify-email', '/onboarding'];

function normalize(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function chromeFor(pathname: string, status: SessionStatus): Chrome {
  const path = normalize(pathname);
  if (chromelessPaths.includes(path)) return 'none';
  if (status === 'loading') return 'none';
  // The landing page, in either language, has its own header.
  if (status === 'signed_out') return publicAddressOf(path)?.basePath === '/' ? 'none' : 'visitor';
  return 'member';
}

export function homePathFor(profile: Pick<Profile, 'is_contractor'>): string {
  return profile.is_contractor ? '/provider/home' : '/client/home';
}

export function profilePathFor(profile: Pick<Profile, 'id' | 'is_contractor'>): string {
  return profile.is_contractor ? `/providers/${profile.id}` : '/client/profile';
}

export interface NavLinkItem {
  /** Key in the nav namespace. */
  labelKey: string;
  to: string;
  icon: IconName;
  /** A count shown on the link (a badge): the unread messages. */
  count?: 'unread_messages';
}

export function mainMenuFor(profile: Pick<Profile, 'is_contractor'> & Partial<Pick<Profile, 'is_admin' | 'is_onboarded'>>): NavLinkItem[] {
  // An admin works in the console; the client's or provider's screens are theirs only once onboarded.
  const adminLinks: NavLinkItem[] = profile.is_admin ? [{ labelKey: 'admin', to: '/admin', icon: 'dashboard' }] : [];
  if (profile.is_admin && !profile.is_onboarded) return adminLinks;
  return [...adminLinks, ...ownMenu(profile)];
}

function ownMenu(profile: Pick<Profile, 'is_contractor'>): NavLinkItem[] {
  if (profile.is_contractor) {
    return [
      { labelKey: 'provider.dashboard', to: '/provider/home', icon: 'dashboard' },
      { labelKey: 'provider.calendar', to: '/provider/calendar', icon: 'calendar' },
      { labelKey: 'provider.portfolio', to: '/provider/portfolio', icon: 'portfolio' },
      { labelKey: 'provider.messages', to: '/messages', icon: 'messages', count: 'unread_messages' },
    ];
  }
  return [
    { labelKey: 'client.home', to: '/client/home', icon: 'home' },
    { labelKey: 'client.find_services', to: '/providers', icon: 'search' },
    { labelKey: 'client.my_appointments', to: '/client/my-appointments', icon: 'calendar' },
    { labelKey: 'client.messages', to: '/messages', icon: 'messages', count: 'unread_messages' },
  ];
}

export type UserMenuItem = { id: 'home' | 'profile' | 'settings' | 'verification' | 'portal' | 'admin'; to: string } | { id: 'sign_out' };

/**
 * User menu (SPEC.md §2): home, profile, settings, portal, sign out. "Portal" is the public
 * marketplace for a client (/providers) and the provider portal's start page for a provider,
 * who may not browse the public search (SPEC.md §6).
 */
export function userMenuFor(profile: Pick<Profile, 'id' | 'is_contractor'> & Partial<Pick<Profile, 'is_admin'>>): UserMenuItem[] {
  return [
    ...(profile.is_admin ? [{ id: 'admin' as const, to: '/admin' }] : []),
    { id: 'home', to: homePathFor(profile) },
    { id: 'profile', to: profilePathFor(profile) },
    { id: 'settings', to: '/settings' },
    ...(profile.is_contractor ? [{ id: 'verification' as const, to: '/provider/verification' }] : []),
    { id: 'portal', to: profile.is_contractor ? '/provider/home' : '/providers' },
    { id: 'sign_out' },
  ];
}

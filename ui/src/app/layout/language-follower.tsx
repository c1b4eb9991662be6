import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localizedPath, publicAddressOf, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import type { LanguageSwitchState } from '../../lib/i18n.ts';
import { savePreferences } from '../../lib/preferences.ts';
import { useSession } from '../../lib/session-store.ts';

/**
 * The page's language from its address (docs/decisions/0034): `/en/...` is English whatever was
 * saved; an un-prefixed public page is Spanish, except when reached by a link from an English page
 * (then it moves to its English address, as the server would for `lang=en`) unless the language
 * switch itself led there. Signed-in screens follow the profile's language (SPEC.md §1), which is
 * also saved on the device and in the `lang` cookie when it arrives.
 */
export function LanguageFollower() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const profileLanguage = useSession((s) => s.user?.language);
  const current = toLocale(i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => {
    if (profileLanguage) savePreferences({ language: profileLanguage });
  }, [profileLanguage]);

  useEffect(() => {
    const address = publicAddressOf(location.pathname);
    const switched = (location.state as Partial<LanguageSwitchState> | null)?.switchedLanguage;
    let wanted: Locale | undefined;
    if (address?.language === 'en') wanted = 'en';
    else if (address) {
      if (current === 'en' && switched !== 'es') {
        navigate(localizedPath(location.pathname + location.search + location.hash, 'en'), { replace: true, state: location.state });
        return;
      }
      wanted = 'es';
    } else wanted = profileLanguage;
    if (wanted && wanted !== current) void i18n.changeLanguage(wanted);
  }, [location.pathname, location.search, location.hash, location.state, current, profileLanguage, i18n, navigate]);

  return null;
}

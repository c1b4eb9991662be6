import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { locales, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useChangeLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session-store.ts';
import { SaveRow } from './settings-section.tsx';
import { ChoicePills } from '../../components/choice-pills/choice-pills.tsx';

/** The language of the app, saved on the profile so it follows the person (SPEC.md §1). */
export function LanguageSection() {
  const { t, i18n } = useTranslation('settings');
  const saved = useSession((s) => s.user?.language) ?? toLocale(i18n.resolvedLanguage ?? i18n.language);
  const [chosen, setChosen] = useState<Locale>(saved);
  // Changed elsewhere (the top bar's switch): follow it rather than look unsaved.
  const [seen, setSeen] = useState<Locale>(saved);
  if (seen !== saved) {
    setSeen(saved);
    setChosen(saved);
  }
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const changeLanguage = useChangeLanguage();
  useUnsavedChanges(chosen !== saved);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    setPending(true);
    await changeLanguage(chosen);
    setPending(false);
    // useChangeLanguage keeps failures to itself; the profile it updates on success tells them apart.
    // Said in the language just chosen: this render's `t` still speaks the previous one.
    if (useSession.getState().user?.language === chosen) toast.success(t('language.saved', { lng: chosen }));
    else setProblem(t('language.failed'));
  }

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ChoicePills
        legend={t('language.title')}
        legendHidden
        name="language"
        options={locales}
        value={chosen}
        onChange={setChosen}
        label={(lng) => t(`language.${lng}`)}
        optionLang
      />
      <SaveRow pending={pending} problem={problem} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}

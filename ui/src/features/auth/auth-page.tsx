import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/tabs.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type Mode = 'signin' | 'signup';
const modes: readonly Mode[] = ['signin', 'signup'];

/** /auth: sign in and sign up as two tabs; `?mode=signup` opens sign-up, `&type=provider` speaks to providers. */
export function AuthPage() {
  // Every namespace of the screen's parts, loaded before it shows (app/screen-words.test.ts).
  const { t } = useTranslation(['auth', 'legal']);
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const provider = params.get('type') === 'provider';
  function select(next: Mode) {
    const nextParams = new URLSearchParams(params);
    if (next === 'signup') nextParams.set('mode', 'signup');
    else nextParams.delete('mode');
    // Keep the remembered origin (location.state.from) across the switch.
    setParams(nextParams, { replace: true, state: location.state });
  }

  return (
    <AuthLayout title={mode === 'signup' ? t('titles.signUp') : t('titles.signIn')}>
      <Tabs
        appearance="segmented"
        className="auth-tabs"
        label={t('tabs.label')}
        items={modes.map((m) => ({ id: m, label: m === 'signin' ? t('tabs.signIn') : t('tabs.signUp') }))}
        value={mode}
        onChange={select}
      >
        {mode === 'signin' ? (
          <SignInForm key="signin" onSwitch={() => select('signup')} />
        ) : (
          <SignUpForm key="signup" provider={provider} onSwitch={() => select('signin')} />
        )}
      </Tabs>
    </AuthLayout>
  );
}

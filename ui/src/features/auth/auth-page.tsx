import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

type Mode = 'signin' | 'signup';
const modes: readonly Mode[] = ['signin', 'signup'];

/** /auth: sign in and sign up as two tabs; `?mode=signup` opens sign-up, `&type=provider` speaks to providers. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  const provider = params.get('type') === 'provider';
  const tabs = useRef<Partial<Record<Mode, HTMLButtonElement | null>>>({});

  function select(next: Mode, focus = false) {
    const nextParams = new URLSearchParams(params);
    if (next === 'signup') nextParams.set('mode', 'signup');
    else nextParams.delete('mode');
    // Keep the remembered origin (location.state.from) across the switch.
    setParams(nextParams, { replace: true, state: location.state });
    if (focus) tabs.current[next]?.focus();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = modes.indexOf(mode);
    let next: Mode | undefined;
    if (event.key === 'ArrowRight') next = modes[(index + 1) % modes.length];
    else if (event.key === 'ArrowLeft') next = modes[(index + modes.length - 1) % modes.length];
    else if (event.key === 'Home') next = modes[0];
    else if (event.key === 'End') next = modes[modes.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next, true);
  }

  return (
    <AuthLayout title={mode === 'signup' ? t('titles.signUp') : t('titles.signIn')}>
      <div className="auth-tabs" role="tablist" aria-label={t('tabs.label')}>
        {modes.map((m) => (
          <button
            key={m}
            ref={(el) => {
              tabs.current[m] = el;
            }}
            type="button"
            role="tab"
            id={`auth-tab-${m}`}
            className="auth-tabs__tab"
            aria-selected={mode === m}
            aria-controls={`auth-panel-${m}`}
            tabIndex={mode === m ? 0 : -1}
            onClick={() => select(m)}
            onKeyDown={onTabKey}
          >
            {m === 'signin' ? t('tabs.signIn') : t('tabs.signUp')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`auth-panel-${mode}`} aria-labelledby={`auth-tab-${mode}`} className="auth-panel">
        {mode === 'signin' ? (
          <SignInForm key="signin" onSwitch={() => select('signup')} />
        ) : (
          <SignUpForm key="signup" provider={provider} onSwitch={() => select('signin')} />
        )}
      </div>
    </AuthLayout>
  );
}

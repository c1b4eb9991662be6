import { useTranslation } from 'react-i18next';
import { limits, passwordRules } from '@resuelve/contract';
import './auth-fields.css';

/** The password rules of SPEC.md §5 (from contract), each ticked live as the person types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-rules">
      <p className="auth-rules__title">{t('rules.title')}</p>
      <ul className="auth-rules__list">
        {passwordRules.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.code}
              className={`auth-rules__item${met ? ' auth-rules__item--met' : ''}`}
              data-rule={rule.code}
              data-met={met}
            >
              <span className="auth-rules__icon" aria-hidden="true">
                {met ? '✓' : '•'}
              </span>
              <span>{t(`rules.${rule.code}`, { count: limits.passwordMinLength })}</span>
              <span className="visually-hidden">{met ? t('rules.met') : t('rules.unmet')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

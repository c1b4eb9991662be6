import { useTranslation } from 'react-i18next';

/** Loading animation with a message read by screen readers; `message` defaults to "Loading…". */
export function LoadingScreen({ message, fullPage = false }: { message?: string; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={fullPage ? 'loading-screen loading-screen--full' : 'loading-screen'} role="status" aria-live="polite">
      <span className="loading-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <p className="loading-screen__message">{message ?? t('loading')}</p>
    </div>
  );
}

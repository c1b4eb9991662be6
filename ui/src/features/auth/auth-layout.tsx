import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackdropFrame } from '../../components/backdrop-frame.tsx';
import './auth.css';

/** The frame of every auth screen: the top bar is hidden here (SPEC.md §2), so the brand leads home from the frame. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <BackdropFrame feature="auth" title={title} width="narrow" homeLabel={t('layout.home')}>
      {children}
    </BackdropFrame>
  );
}

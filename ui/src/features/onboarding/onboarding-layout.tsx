import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackdropFrame } from '../../components/backdrop-frame.tsx';
import { signOut } from '../../lib/session-actions.ts';
import { Button } from '../../components/button.tsx';
import './onboarding.css';

/** The onboarding frame: no top bar here (SPEC.md §2), so signing out lives in the frame's tools. */
export function OnboardingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('onboarding');
  const title = t('page_title');
  return (
    <BackdropFrame
      feature="onboarding"
      title={title}
      width="wide"
      tools={
        <Button variant="quiet" onClick={() => void signOut()}>
          {t('sign_out')}
        </Button>
      }
    >
      <h1 className="onb-card__title">{title}</h1>
      {children}
    </BackdropFrame>
  );
}

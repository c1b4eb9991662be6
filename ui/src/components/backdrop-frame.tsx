import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { BrandMark } from './icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import './backdrop-frame.css';

export interface BackdropFrameProps {
  /** The feature drawn inside: its stylesheet is scoped to `[data-feature]` (docs/decisions/0018-scoped-styles.md). */
  feature: string;
  /** The window title ("Title · Resuelve"). */
  title: string;
  /** `narrow` for one short form, `wide` for a form in columns. */
  width: 'narrow' | 'wide';
  /** When given, the brand is a link home with this name; otherwise the brand is only a mark. */
  homeLabel?: string;
  /** Controls after the language switch (e.g. sign out). */
  tools?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the screens the app's shell leaves out (SPEC.md §2: no top bar on auth and
 * onboarding): brand and language on top, the screen in one card on the sea-to-sand wash.
 */
export function BackdropFrame({ feature, title, width, homeLabel, tools, children }: BackdropFrameProps) {
  const { t } = useTranslation('nav');
  useDocumentTitle(title);
  const brand = (
    <>
      <BrandMark size={36} />
      <span className="backdrop-frame__name">{t('brand')}</span>
    </>
  );
  return (
    <div className={`backdrop-frame backdrop-frame--${width}`} data-feature={feature}>
      <div className="backdrop-frame__top">
        {homeLabel ? (
          <Link to="/" className="brand backdrop-frame__brand" aria-label={homeLabel}>
            {brand}
          </Link>
        ) : (
          <span className="brand backdrop-frame__brand">{brand}</span>
        )}
        <div className="backdrop-frame__tools">
          <LanguageSwitch className="language-switch--large" />
          {tools}
        </div>
      </div>
      <div className="backdrop-frame__card">{children}</div>
    </div>
  );
}

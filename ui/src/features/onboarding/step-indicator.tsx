import { useTranslation } from 'react-i18next';

/** "Step 2 of 5" with a bar, and the steps' names for wider screens (the current one marked). */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation('onboarding');
  const percent = Math.round(((current + 1) / steps.length) * 100);
  return (
    <div className="onb-steps">
      <p className="onb-steps__count">{t('step_of', { current: current + 1, total: steps.length })}</p>
      <div className="onb-steps__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <ol className="onb-steps__list" aria-label={t('steps_label')}>
        {steps.map((step, index) => (
          <li
            key={step}
            className={`onb-steps__item${index < current ? ' onb-steps__item--done' : ''}${index === current ? ' onb-steps__item--current' : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className="onb-steps__dot" aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            <span className="onb-steps__name">
              {t(`titles.${step}`)}
              {index < current && <span className="visually-hidden"> ({t('done')})</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}

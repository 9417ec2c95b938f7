import { useTranslation } from '../../../lib/i18n-react';
import type { ReturnFlowStep } from '../return-model';

export interface ReturnStepsProps {
  steps: ReturnFlowStep[];
  current: ReturnFlowStep;
  /** Steps before the current one can be revisited. */
  onSelect?: (step: ReturnFlowStep) => void;
}

/**
 * The progress indicator of the flow: an ordered list of the six steps, the current one marked
 * `aria-current="step"`; done steps are links back (buttons) while the request is not sent.
 */
export function ReturnSteps({ steps, current, onSelect }: ReturnStepsProps) {
  const { t } = useTranslation('returns');
  const index = steps.indexOf(current);
  return (
    <nav className="return-steps" aria-label={t('steps.label')}>
      <p className="return-steps__count" aria-hidden="true">
        {t('steps.count', { current: index + 1, total: steps.length })}
      </p>
      <ol className="return-steps__list">
        {steps.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'next';
          const label = t(`steps.${step}`);
          return (
            <li
              key={step}
              className="return-steps__step"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="return-steps__mark" aria-hidden="true">
                {i + 1}
              </span>
              {state === 'done' && onSelect ? (
                <button
                  type="button"
                  className="return-steps__label return-steps__label--link"
                  onClick={() => onSelect(step)}
                >
                  {label}
                  <span className="sr-only"> — {t('steps.done')}</span>
                </button>
              ) : (
                <span className="return-steps__label">
                  {label}
                  {state === 'done' && <span className="sr-only"> — {t('steps.done')}</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

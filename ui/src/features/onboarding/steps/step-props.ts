import type { Ref } from 'react';
import type { StepValues } from '../draft.ts';
import type { StepHandle } from '../use-step-form.ts';

/** Every step gets its draft values, reports each change, and answers the wizard's Next through `ref`. */
export interface StepProps<V extends StepValues> {
  values: V;
  onChange: (values: V) => void;
  serverErrors?: Record<string, string>;
  ref?: Ref<StepHandle>;
}

/** Today as YYYY-MM-DD in the person's own calendar, for date inputs' `max`. */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

import type { InputHTMLAttributes } from 'react';
import { jobLimits } from '@resuelve/contract';

/** Hours of a job as typed: a number field in quarter-hour steps between the job limits. */
export function HoursInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input className="input" inputMode="decimal" min={jobLimits.minHours} max={jobLimits.maxHours} step={jobLimits.hoursStep} {...props} type="number" />;
}

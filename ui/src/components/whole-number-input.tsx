import type { InputHTMLAttributes } from 'react';

/** A count typed as a whole number (visits, a percent): a number field with the phone's digit keyboard. */
export function WholeNumberInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input className="input" inputMode="numeric" step={1} {...props} type="number" />;
}

import type { InputHTMLAttributes } from 'react';
import { parseRateAmount } from '@resuelve/contract';
import './money-input.css';

/**
 * A dollar amount typed as people write it ("40", "$40.50", "1,200"), with the "$" inside the box
 * and the phone's decimal keyboard. The text stays the caller's; `centsOf` reads it.
 */
export function MoneyInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode'>) {
  return (
    <span className={className ? `money-field ${className}` : 'money-field'}>
      <span className="money-field__sign" aria-hidden="true">
        $
      </span>
      <input className="input" autoComplete="off" {...props} type="text" inputMode="decimal" />
    </span>
  );
}

/** The cents of a typed amount: null when empty, NaN when it is no amount (letters, three decimals, negative). */
export function centsOf(text: string): number | null {
  return parseRateAmount(text);
}

/** The text a field starts with for an amount in cents ("40", "40.5" → "40.50"). */
export function moneyText(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

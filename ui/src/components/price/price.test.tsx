import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { testI18n } from '../../../test/setup.ts';
import { formatMoney, Price, rateProps } from './price.tsx';

function inLanguage(lng: 'es' | 'en', node: React.ReactNode) {
  act(() => void testI18n.changeLanguage(lng));
  return render(node).container;
}

describe('Price', () => {
  it('formats dollars in each language, cents only when there are some', () => {
    expect(formatMoney(4500, 'en')).toBe('$45');
    expect(formatMoney(4550, 'en')).toBe('$45.50');
    expect(formatMoney(120000, 'en')).toBe('$1,200');
    expect(formatMoney(4500, 'es')).toMatch(/^\$\s?45$/);
  });

  it('says "desde $45 la hora" and "from $45 an hour"', () => {
    const rate = { amount_cents: 4500, unit: 'hour', from: true } as const;
    expect(inLanguage('es', <Price {...rateProps(rate)} />).textContent?.replace(/\s+/g, ' ')).toMatch(/^desde \$\s?45 la hora$/);
    expect(inLanguage('en', <Price {...rateProps(rate)} />).textContent).toBe('from $45 an hour');
  });

  it('says "$80 per visit" without "from", and a bare total without a unit', () => {
    expect(inLanguage('en', <Price {...rateProps({ amount_cents: 8000, unit: 'visit', from: false })} />).textContent).toBe('$80 per visit');
    expect(inLanguage('es', <Price cents={8000} unit="visit" />).textContent?.replace(/\s+/g, ' ')).toMatch(/\$\s?80 por visita$/);
    expect(inLanguage('en', <Price cents={11250} />).textContent).toBe('$112.50');
  });
});

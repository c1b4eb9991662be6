import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CategoryIcon, categoryIcons } from './category-icon.tsx';

describe('CategoryIcon', () => {
  it('draws a decorative svg for a known slug and a neutral one for an unknown slug', () => {
    const { container } = render(
      <>
        <CategoryIcon slug="plumbing" />
        <CategoryIcon slug="no-such-trade" />
      </>,
    );
    const icons = container.querySelectorAll('svg');
    expect(icons).toHaveLength(2);
    expect(icons[0]!.getAttribute('aria-hidden')).toBe('true');
    expect(icons[0]!.innerHTML).not.toBe(icons[1]!.innerHTML);
  });

  it('has an icon for every category the database is seeded with', () => {
    // As migrations/data/categories.ts seeds them (the ui may not import migrations).
    const seeded = ['plumbing', 'electrical', 'carpentry', 'landscaping', 'cleaning', 'painting', 'hvac', 'roofing', 'general-maintenance',
      'construction', 'pest-control', 'appliance-repair', 'locksmith', 'solar', 'pool', 'moving', 'photography', 'event-staff', 'catering',
      'dj', 'event-decor', 'hair', 'nails', 'massage', 'makeup', 'pet-grooming', 'dog-walking', 'pet-training', 'pet-sitting', 'auto-repair',
      'car-detailing', 'tutoring'];
    expect(seeded.filter((slug) => !categoryIcons[slug])).toEqual([]);
  });
});

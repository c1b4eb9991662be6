import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CoverPhoto } from './cover-photo.tsx';

const photo = { url: '/media/p/cover.webp', src: '/media/p/cover', widths: [400, 800], placeholder: 'data:image/webp;base64,AAAA' };

describe('cover photo', () => {
  it('asks for the largest paint at once and first, and leaves the others until they near the screen', () => {
    const { container } = render(
      <>
        <CoverPhoto photo={photo} sizes="100vw" priority />
        <CoverPhoto photo={photo} sizes="100vw" />
      </>,
    );
    const [first, second] = [...container.querySelectorAll('img')];
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    expect(first!.getAttribute('sizes')).toBe('100vw');
    expect(second!.getAttribute('loading')).toBe('lazy');
    expect(second!.getAttribute('fetchpriority')).toBe('auto');
  });
});

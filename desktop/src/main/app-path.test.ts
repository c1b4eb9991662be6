import { describe, expect, it } from 'vitest';
import { isAppPath } from './app-path.ts';

describe('isAppPath', () => {
  it('accepts paths inside the app', () => {
    expect(isAppPath('/provider/calendar')).toBe(true);
    expect(isAppPath('/messages?conversation=42#latest')).toBe(true);
  });

  it('refuses URLs, protocol-relative and backslash tricks, control characters', () => {
    for (const value of ['https://evil.test', '//evil.test', '/\\evil.test', 'provider/home', '', '/a\u0000b', '/a\nb', 42, null]) {
      expect(isAppPath(value)).toBe(false);
    }
    expect(isAppPath(`/${'a'.repeat(3000)}`)).toBe(false);
  });
});

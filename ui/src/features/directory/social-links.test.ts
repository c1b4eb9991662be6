import { describe, expect, it } from 'vitest';
import { socialLink } from './social-links.ts';

describe('social links of a profile', () => {
  it.each([
    ['instagram', '@taller.rivera', 'https://www.instagram.com/taller.rivera', '@taller.rivera'],
    ['instagram', 'https://instagram.com/resuelvedemo', 'https://instagram.com/resuelvedemo', '@resuelvedemo'],
    ['facebook', 'facebook.com/TallerRivera', 'https://facebook.com/TallerRivera', 'TallerRivera'],
    ['facebook', 'www.facebook.com/TallerRivera/', 'https://www.facebook.com/TallerRivera/', 'TallerRivera'],
    ['tiktok', 'tallerrivera', 'https://www.tiktok.com/@tallerrivera', '@tallerrivera'],
    ['youtube', 'youtube.com/@tallerrivera', 'https://youtube.com/@tallerrivera', '@tallerrivera'],
    ['x', '@rivera_pr', 'https://x.com/rivera_pr', '@rivera_pr'],
    ['linkedin', 'taller-rivera', 'https://www.linkedin.com/company/taller-rivera', 'taller-rivera'],
    ['whatsapp', '787 555 0123', 'https://wa.me/17875550123', '+1 787 555 0123'],
    ['whatsapp', '+1 (787) 555-0123', 'https://wa.me/17875550123', '+1 787 555 0123'],
  ] as const)('%s %j links to %s, shown as %j', (network, value, href, label) => {
    expect(socialLink(network, value)).toEqual({ href, label });
  });

  it.each([
    ['instagram', 'javascript:alert(1)'],
    ['facebook', 'data:text/html,<script>alert(1)</script>'],
    ['x', 'ftp://x.com/rivera'],
    ['instagram', 'two words'],
    ['whatsapp', 'call me'],
    ['tiktok', '   '],
  ] as const)('makes no link of %s %j', (network, value) => {
    expect(socialLink(network, value)).toBeNull();
  });
});

/**
 * robots.txt: public pages open to crawlers; the api (but its uploaded photos, which link previews
 * show), sign-in, booking and every signed-in area closed; the sitemap's absolute address.
 */

/** Signed-in and one-time screens (ui/src/app/routes.tsx); public pages stay crawlable. */
export const closedPaths = [
  '/api/',
  '/auth',
  '/login',
  '/signup',
  '/register',
  '/verify-email',
  '/waitlist/confirm',
  '/onboarding',
  '/client/',
  '/provider/',
  '/admin/',
  '/messages',
  '/settings',
  '/dev/',
  '/providers/*/book',
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The longest matching rule wins: photos stay reachable for previews (Twitterbot obeys this file).
    'Allow: /api/v1/uploads/',
    ...closedPaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

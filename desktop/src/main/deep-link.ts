import { isAppPath } from './app-path.ts';

/** The scheme the installers register (electron-builder.yml `protocols`). */
export const deepLinkScheme = 'resuelve';

const idPattern = /^[0-9a-fA-F-]{1,64}$/;

/**
 * The app path a `resuelve://` link opens, or null for anything else: `resuelve://jobs/{id}` is
 * the provider's job, `resuelve://messages/{id}` a conversation, `resuelve://today` the saved
 * jobs of the coming days. Nothing else in a link reaches the router.
 */
export function deepLinkToPath(link: unknown): string | null {
  if (typeof link !== 'string' || link.length > 512) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${deepLinkScheme}:`) return null;
  // `resuelve://jobs/1` parses with host `jobs`; `resuelve:jobs/1` without one.
  const parts = [url.host, ...url.pathname.split('/')].filter((part) => part.length > 0);
  const [section, id, ...rest] = parts;
  if (rest.length > 0) return null;
  let path: string | null = null;
  if (section === 'jobs' && id && idPattern.test(id)) path = `/provider/jobs/${id.toLowerCase()}`;
  else if (section === 'messages' && id && idPattern.test(id)) path = `/messages/${id.toLowerCase()}`;
  else if (section === 'today' && id === undefined) path = '/offline';
  return path && isAppPath(path) ? path : null;
}

/** The first deep link among a launch's arguments (Windows and Linux pass the link on the command line). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (const argument of argv) {
    const path = deepLinkToPath(argument);
    if (path) return path;
  }
  return null;
}

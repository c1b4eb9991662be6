const maxPathLength = 2048;

/**
 * A path inside the app (`/provider/calendar?view=week`), never a URL or a protocol-relative
 * `//host` that a router or `location` could turn into a trip elsewhere.
 */
export function isAppPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxPathLength) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Backslashes normalise to slashes in URLs (`/\host`); control characters have no place here.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

import type { Platform } from './types.ts';

export type { NativeNotification, Platform, SessionTransport, SignInCredentials } from './types.ts';

// One platform per running app (web or desktop), set once by <App platform={...} /> before anything calls the api.
let current: Platform | null = null;

export function setPlatform(platform: Platform): void {
  current = platform;
}

export function getPlatform(): Platform {
  if (!current) throw new Error('Platform not set: render <App platform={...} /> or call setPlatform() first');
  return current;
}

export function hasPlatform(): boolean {
  return current !== null;
}

// Types of scripts/build-web.mjs for the TypeScript that imports it (the api's page tests, the journeys' setup).
export function newestSource(dirs: string[]): number;
export function hasDevelopmentJsx(file?: string): boolean;
export function buildWebIfStale(): void;
export function buildWebOrExit(): void;

import type { QueryClient } from '@tanstack/react-query';

// The app's query client, reachable from the api client so a final 401 can clear every cached answer.
let active: QueryClient | null = null;

export function setActiveQueryClient(client: QueryClient | null): void {
  active = client;
}

export function getActiveQueryClient(): QueryClient | null {
  return active;
}

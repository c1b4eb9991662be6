import { toast } from 'sonner';
import type { QueryClient } from '@tanstack/react-query';
import { limits } from '@resuelve/contract';
import { getI18n } from './i18n.ts';
import { getActiveQueryClient } from './query-registry.ts';
import { preservedStorageKeys } from './preferences.ts';

let errorsSinceOffer = 0;

/** Count an error the person saw; after 5 (SPEC.md §8) offer recovery and start counting again. */
export function recordError(): void {
  errorsSinceOffer += 1;
  if (errorsSinceOffer >= limits.errorsBeforeRecoveryToast) {
    errorsSinceOffer = 0;
    offerRecovery();
  }
}

export function resetErrorCount(): void {
  errorsSinceOffer = 0;
}

export const recoveryToastId = 'error-recovery';

export function offerRecovery(): void {
  const t = getI18n().t;
  toast.warning(t('errors:recovery.title'), {
    id: recoveryToastId,
    description: t('errors:recovery.description'),
    duration: Number.POSITIVE_INFINITY,
    action: { label: t('errors:recovery.auto'), onClick: () => void autoRecover() },
    cancel: { label: t('errors:recovery.reset'), onClick: () => resetLocalData() },
  });
}

function failedQueries(client: QueryClient) {
  return client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' });
}

/** Retry every failed query after 2 s, then say whether it worked. Resolves true when nothing fails any more. */
export async function autoRecover(client: QueryClient | null = getActiveQueryClient()): Promise<boolean> {
  const t = getI18n().t;
  toast.loading(t('errors:recovery.recovering'), { id: recoveryToastId });
  await new Promise((resolve) => setTimeout(resolve, limits.recoveryRetryDelayMs));
  if (client) {
    const failed = failedQueries(client);
    await Promise.all(failed.map((q) => client.refetchQueries({ queryKey: q.queryKey, exact: true })));
  }
  const stillFailing = client ? failedQueries(client).length > 0 : false;
  if (stillFailing) toast.error(t('errors:recovery.still_failing'), { id: recoveryToastId, duration: limits.toastDurationMs });
  else toast.success(t('errors:recovery.recovered'), { id: recoveryToastId, duration: limits.toastDurationMs });
  return !stillFailing;
}

/** Clear local data except the auth token, preferences and theme (SPEC.md §8), then reload. */
export function resetLocalData(
  storage: Storage = localStorage,
  reload: () => void = () => window.location.reload(),
): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && !preservedStorageKeys.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  reload();
}

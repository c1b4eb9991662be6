import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsInboundAnswer } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { outboxQueries } from '../../entities/outbox/api.ts';

/** What the outbox holds for an address (all addresses when empty), newest first; refreshed while open. */
export function useOutbox(to: string) {
  return useQuery({
    ...outboxQueries.messages(to),
    // A developer waiting for a verification email should see it arrive without reloading.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
  });
}

/**
 * A reply to a text, as its recipient would send it: through the SMS gateway's webhook
 * (POST /dev/sms-reply hands it on with the secret). The outbox is read again after, for the
 * answer to a STOP or START.
 */
export function useSmsReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: { from: string; body: string }) => apiFetch<SmsInboundAnswer>('/dev/sms-reply', { method: 'POST', body: reply, auth: false }),
    retry: false,
    // The answer shows as soon as the webhook gave it; the list follows on its own.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: outboxQueries.all }),
  });
}

/**
 * Where "Message" leads: /messages opens (or starts) the conversation with that person, about that
 * job when one is given. Visitors are sent to sign in first and come back to this address.
 */
export function conversationPath(with_: { provider: string } | { client: string }, jobId?: string | null): string {
  const params = new URLSearchParams('provider' in with_ ? { provider: with_.provider } : { client: with_.client });
  if (jobId) params.set('job', jobId);
  return `/messages?${params.toString()}`;
}

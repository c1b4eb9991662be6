/** Messages and conversations as the api answers them, for the messaging tests. */
import type { Conversation, Message } from '@resuelve/contract';

export function message(id: string | number, overrides: Partial<Message> = {}): Message {
  return {
    id: String(id),
    conversation_id: 'conv-1',
    sender_id: 'provider-1',
    text: `Mensaje ${id}`,
    attachment: null,
    read_at: null,
    created_at: '2026-11-25T14:00:00.000Z',
    edited_at: null,
    deleted_at: null,
    automatic: false,
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    subject: null,
    about_project: false,
    status: 'active',
    priority: 'normal',
    archived: false,
    spam: false,
    job_id: null,
    client_id: 'client-1',
    provider_id: 'provider-1',
    other_party: { id: 'provider-1', name: 'Plomería Boricua', avatar_url: null, is_provider: true },
    last_message: null,
    unread_count: 0,
    blocked_by_other_party: false,
    created_at: '2026-11-25T13:00:00.000Z',
    updated_at: '2026-11-25T14:00:00.000Z',
    ...overrides,
  };
}

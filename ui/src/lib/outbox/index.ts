export { createOutbox, forgetOnSignOut, newOutboxItem, type Outbox, type OutboxItem, type OutboxStoreState } from './outbox.ts';
export { canCancel, stateAfter, type OutboxState, type SendResult } from './state.ts';
export { localStorageStorage, memoryStorage, type OutboxStorage } from './storage.ts';

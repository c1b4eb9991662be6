export * from './errors.ts';
export * from './limits.ts';
export * from './locale.ts';
export * from './validation.ts';
export * from './session.ts';
export * from './profiles.ts';
export * from './service-categories.ts';
export * from './search.ts';

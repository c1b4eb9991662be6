/** The services a provider offers (SPEC.md §5 "at least one service category"). */
import type { FieldErrorCode } from './errors.ts';
import { limits } from './limits.ts';

export const serviceCategoriesMin = 1;

/** A provider's chosen category ids: at least one, at most a page of them. */
export function checkServiceCategories(ids: readonly unknown[]): FieldErrorCode | null {
  if (ids.length < serviceCategoriesMin) return 'required';
  return ids.length > limits.pageSizeMax ? 'too_long' : null;
}

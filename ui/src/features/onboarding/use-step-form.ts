import { useImperativeHandle, useRef, useState } from 'react';
import type { ChangeEvent, Ref } from 'react';
import type { StepValues } from './draft.ts';

/** A field's rule: the field error code for the step's current values, or null. Built from contract's checks. */
export type StepCheck<V> = (values: V) => string | null;

/** What the wizard asks of the step on Next: show every error, focus the first, say whether it may go on. */
export interface StepHandle {
  validate: () => boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface StepFormOptions<V extends StepValues> {
  values: V;
  onChange: (values: V) => void;
  checks: Partial<Record<keyof V & string, StepCheck<V>>>;
  /** Field errors the api answered (`details`); the wizard drops one when its field changes. */
  serverErrors?: Record<string, string>;
  ref?: Ref<StepHandle>;
  /** Extra rules of the step beyond its fields (e.g. "verify the phone first"). */
  extraValidate?: () => boolean;
}

/**
 * Form state of one onboarding step. Values live in the wizard (so Back keeps them); here live
 * which fields were touched. An error shows once its field was left or Next was pressed, then
 * follows each keystroke (SPEC.md §5 "as the person types").
 */
export function useStepForm<V extends StepValues>({ values, onChange, checks, serverErrors, ref, extraValidate }: StepFormOptions<V>) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const inputs = useRef<Record<string, HTMLElement | null>>({});
  const names = Object.keys(checks) as (keyof V & string)[];

  const errorOf = (name: keyof V & string): string | null => serverErrors?.[name] ?? checks[name]?.(values) ?? null;

  function visibleError(name: keyof V & string): string | null {
    if (serverErrors?.[name]) return serverErrors[name];
    return touched[name] ? (checks[name]?.(values) ?? null) : null;
  }

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    onChange({ ...values, [name]: value });
  }

  function touch(name: string) {
    setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
  }

  function bind(name: keyof V & string) {
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (event: ChangeEvent<Field>) => setValue(name, event.target.value as V[typeof name]),
      onBlur: () => touch(name),
      ref: (element: Field | null) => {
        inputs.current[name] = element;
      },
    };
  }

  /** Register an element to focus for a field that is not a plain input (e.g. the category selector). */
  function refFor(name: string) {
    return (element: HTMLElement | null) => {
      inputs.current[name] = element;
    };
  }

  // Server errors may name fields without a check (e.g. optional ones), so they count too.
  const allNames = [...new Set([...names, ...(Object.keys(serverErrors ?? {}) as (keyof V & string)[])])];

  useImperativeHandle(ref, () => ({
    validate: () => {
      setTouched(Object.fromEntries(allNames.map((name) => [name, true])));
      const first = allNames.find((name) => errorOf(name));
      if (first) {
        inputs.current[first]?.focus();
        return false;
      }
      return extraValidate ? extraValidate() : true;
    },
  }));

  return { values, bind, setValue, visibleError, touch, refFor };
}

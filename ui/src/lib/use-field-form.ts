import { useCallback, useRef, useState } from 'react';

/** A field's check: the field error code for the current values, or null when it is fine. */
export type FieldRule<K extends string> = (values: Record<K, string>) => string | null;

type Focusable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldFormOptions<K extends string> {
  /**
   * When leaving a field starts showing its error: `changed` (the default, for saved data: keyboard
   * users tab past saved values and empty optional-looking fields) or `always` (a blank form such
   * as sign-in, where leaving a required field empty is worth saying at once).
   */
  checkWhenLeft?: 'changed' | 'always';
  /** Show a field's error before it is left when this says so (e.g. a confirmation that already differs). */
  showEarly?: Partial<Record<K, (values: Record<K, string>) => boolean>>;
}

/**
 * Form state of the ui's forms (auth, settings, profile): the values, the baseline they started
 * from (so the form knows when it has unsaved changes), each field's contract check shown once the
 * field was left (see `checkWhenLeft`) or a submit was tried, then following every keystroke
 * (SPEC.md §5 "as the person types"), and the api's `details` shown on their fields until those
 * fields change.
 */
export function useFieldForm<K extends string>(
  initial: Record<K, string>,
  rules: Partial<Record<K, FieldRule<NoInfer<K>>>>,
  options: FieldFormOptions<NoInfer<K>> = {},
) {
  const [baseline, setBaseline] = useState<Record<K, string>>(initial);
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const inputs = useRef<Partial<Record<K, Focusable | null>>>({});
  const [names] = useState(() => Object.keys(initial) as K[]);

  const errors: Partial<Record<K, string>> = {};
  for (const name of names) {
    const code = rules[name]?.(values);
    if (code) errors[name] = code;
  }
  const dirty = names.some((name) => values[name] !== baseline[name]);

  const setValue = useCallback((name: K, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  /** The error code to show on a field, or null. */
  function errorOf(name: K): string | null {
    const server = serverErrors[name];
    if (server) return server;
    const early = options.showEarly?.[name]?.(values) ?? false;
    return touched[name] || early ? (errors[name] ?? null) : null;
  }

  function bind(name: K) {
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
      onBlur: () => {
        if (options.checkWhenLeft === 'always' || values[name] !== baseline[name]) setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
      },
      ref: (element: Focusable | null) => {
        inputs.current[name] = element;
      },
    };
  }

  /** Before submitting: show every error and move focus to the first field that has one. */
  function validateAll(): boolean {
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<K, boolean>>);
    const first = names.find((name) => errors[name] || serverErrors[name]);
    if (first) inputs.current[first]?.focus();
    return first === undefined;
  }

  /** Field errors the server answered (`details`), on their fields; false when none belongs to this form. */
  function showServerErrors(details: Partial<Record<string, string>> | undefined): boolean {
    const found = names.filter((name) => typeof details?.[name] === 'string');
    if (found.length === 0) return false;
    setServerErrors(Object.fromEntries(found.map((name) => [name, details?.[name]])) as Partial<Record<K, string>>);
    inputs.current[found[0] as K]?.focus();
    return true;
  }

  /** Saved (or reloaded): these values are the new baseline, nothing is dirty or shown as wrong. */
  const reset = useCallback((next: Record<K, string>) => {
    setBaseline(next);
    setValues(next);
    setTouched({});
    setServerErrors({});
  }, []);

  return { values, errors, dirty, bind, setValue, errorOf, validateAll, showServerErrors, reset };
}

import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';

/** A field's check: the field error code for the current values, or null when it is fine. */
export type FieldCheck<K extends string> = (values: Record<K, string>) => string | null;

export interface FormOptions<K extends string> {
  checks: Record<K, FieldCheck<K>>;
  /** Show a field's error before it is touched when this says so (e.g. a confirmation that already differs). */
  showEarly?: Partial<Record<K, (values: Record<K, string>) => boolean>>;
}

/**
 * Form state of the auth screens: a field's error shows once the person has left it (or tried to
 * submit), then follows every keystroke, as SPEC.md §5 asks ("as the person types"). Errors the
 * server reported for a field show until that field changes.
 */
export function useForm<K extends string>(initial: Record<K, string>, options: FormOptions<NoInfer<K>>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<K, string>>>({});
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const [names] = useState(() => Object.keys(initial) as K[]);

  const errors: Partial<Record<K, string>> = {};
  for (const name of names) {
    const code = options.checks[name](values);
    if (code) errors[name] = code;
  }

  function visibleError(name: K): string | null {
    const server = serverErrors[name];
    if (server) return server;
    const early = options.showEarly?.[name]?.(values) ?? false;
    return touched[name] || early ? (errors[name] ?? null) : null;
  }

  const setValue = useCallback((name: K, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setServerErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  function bind(name: K) {
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
      onBlur: () => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true })),
      ref: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
    };
  }

  /** On submit: show every error, move focus to the first field that has one, and say whether the form is valid. */
  function validateAll(): boolean {
    setTouched(Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<K, boolean>>);
    const first = names.find((name) => errors[name] || serverErrors[name]);
    if (first) inputs.current[first]?.focus();
    return first === undefined;
  }

  /** Field errors the server answered (`details`), shown on their fields; focus goes to the first. */
  function showServerErrors(details: Partial<Record<string, string>> | undefined): boolean {
    const found = names.filter((name) => typeof details?.[name] === 'string');
    if (found.length === 0) return false;
    setServerErrors(Object.fromEntries(found.map((name) => [name, details?.[name]])) as Partial<Record<K, string>>);
    inputs.current[found[0] as K]?.focus();
    return true;
  }

  return { values, errors, bind, setValue, visibleError, validateAll, showServerErrors };
}

import type { ReactNode } from 'react';

interface ChoiceOptionsProps<V extends string> {
  /** The radio group's name. */
  name: string;
  options: readonly V[];
  value: V | null | undefined;
  onChange: (value: V) => void;
  /** Each option's words. */
  label: (option: V) => ReactNode;
  /** Options that are language names carry their own `lang`. */
  optionLang?: boolean;
}

/** A wrapping row of radio pills (styles: `.choice-pill` in styles/base.css). */
export function ChoicePillOptions<V extends string>({ name, options, value, onChange, label, optionLang }: ChoiceOptionsProps<V>) {
  return (
    <div className="choice-group__options wrap-row">
      {options.map((option) => (
        <label key={option} className="choice-pill" lang={optionLang ? option : undefined}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
          <span>{label(option)}</span>
        </label>
      ))}
    </div>
  );
}

/** One choice among a few, as radio pills under a legend, with the group's error beneath. */
export function ChoicePills<V extends string>({ legend, legendHidden, error, ...options }: ChoiceOptionsProps<V> & { legend: ReactNode; legendHidden?: boolean; error?: ReactNode }) {
  return (
    <fieldset className="choice-group">
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      <ChoicePillOptions {...options} />
      {error}
    </fieldset>
  );
}

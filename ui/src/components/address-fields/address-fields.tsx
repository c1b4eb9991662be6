import type { ChangeEvent, Ref } from 'react';
import { checkZip, isPuertoRicoZip, limits } from '@resuelve/contract';
import { FormField } from '../form-field.tsx';

export type AddressField = 'street' | 'city' | 'state' | 'zip_code';

/** What a form hook's `bind(name)` gives an input. */
export interface AddressBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement> | ((element: HTMLInputElement | null) => void);
}

export interface AddressFieldsProps {
  /** The form's binding of each part (the street may be "address" or "business_address" in the form). */
  bind: (field: AddressField) => AddressBinding;
  /** Sets the state code (typed in capitals). */
  setState: (value: string) => void;
  /** The translated error of each part, or null. */
  errors: Record<AddressField, string | null>;
  labels: { street: string; city: string; state: string; zip: string };
  hints?: { state?: string; zip?: string; /** Shown when the state is PR and the ZIP is not one of Puerto Rico's. */ zipNotPr?: string };
  /** The row that holds city, state and ZIP. */
  rowClassName: string;
  /** For the short state and ZIP fields. */
  narrowClassName?: string;
}

/** Street, city, state and ZIP, laid out alike in every form; Puerto Rico ZIPs start with 00 (SPEC.md §5). */
export function AddressFields({ bind, setState, errors, labels, hints = {}, rowClassName, narrowClassName }: AddressFieldsProps) {
  const zip = bind('zip_code').value.trim();
  const outsidePr = bind('state').value.trim().toUpperCase() === 'PR' && checkZip(zip) === null && !isPuertoRicoZip(zip);
  return (
    <>
      <FormField label={labels.street} error={errors.street}>
        {(ids) => <input {...ids} {...bind('street')} className="input" type="text" autoComplete="street-address" maxLength={limits.addressMaxLength} />}
      </FormField>
      <div className={rowClassName}>
        <FormField label={labels.city} error={errors.city}>
          {(ids) => <input {...ids} {...bind('city')} className="input" type="text" autoComplete="address-level2" />}
        </FormField>
        <FormField label={labels.state} hint={hints.state} error={errors.state} className={narrowClassName}>
          {(ids) => (
            <input
              {...ids}
              {...bind('state')}
              onChange={(event) => setState(event.target.value.toUpperCase())}
              className="input"
              type="text"
              maxLength={2}
              autoComplete="address-level1"
            />
          )}
        </FormField>
        <FormField label={labels.zip} hint={hints.zip} notice={outsidePr ? hints.zipNotPr : null} error={errors.zip_code} className={narrowClassName}>
          {(ids) => <input {...ids} {...bind('zip_code')} className="input" type="text" inputMode="numeric" maxLength={10} autoComplete="postal-code" />}
        </FormField>
      </div>
    </>
  );
}

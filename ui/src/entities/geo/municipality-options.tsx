import { useMunicipalities } from './api.ts';

/** The island's municipalities as a select's options by slug, after an empty choice (the forms that pick one). */
export function MunicipalityOptions({ emptyLabel }: { emptyLabel: string }) {
  const municipalities = useMunicipalities();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {(municipalities.data ?? []).map((m) => (
        <option key={m.slug} value={m.slug}>
          {m.name}
        </option>
      ))}
    </>
  );
}

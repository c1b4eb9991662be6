/**
 * The name a person shows others (decision record 0009): first name and last initial, "María R.".
 * It is stored in profiles.display_name when the names change; every list, notice, calendar and
 * review that names a person reads it through `personNameSql`, so all of them say the same.
 */

/** "María R." from the person's names; none without a first name. */
export function displayNameOf(firstName: string | null, lastName: string | null): string | null {
  if (!firstName) return null;
  const initial = lastName ? ` ${[...lastName][0]!.toLocaleUpperCase()}.` : '';
  return `${firstName}${initial}`;
}

/**
 * SQL for the shown name of the profiles row `alias`: its stored display name, or the same rule
 * applied to its names where none was stored (rows written by seeds and tests); null without a
 * first name.
 */
export function personNameSql(alias: string): string {
  const initial = `' ' || upper(left(nullif(${alias}.last_name, ''), 1)) || '.'`;
  return `coalesce(nullif(${alias}.display_name, ''), nullif(${alias}.first_name, '') || coalesce(${initial}, ''))`;
}

/**
 * The name a person shows others (decision record 0009): first name and last initial, "María R.".
 * It is stored in profiles.display_name when the names change; reviews, and every text that leaves
 * the app (emails, SMS, calendar feeds read by other calendar apps), read it through `personNameSql`.
 * The job's screens show its two parties each other's full name (`partyNameSql`): the provider
 * comes to the client's door, and both need to know whom they meet.
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

/** SQL for the full name of the profiles row `alias`, as a job's other party sees it; its shown name where no names are stored. */
export function partyNameSql(alias: string): string {
  return `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), nullif(${alias}.display_name, ''))`;
}

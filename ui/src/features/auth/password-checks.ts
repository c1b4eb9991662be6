import { checkPassword, checkPasswordsMatch } from '@resuelve/contract';

type NewPassword = { password: string; confirm: string };

/** A new password and its confirmation (sign-up and reset), with contract's rules. */
export const newPasswordChecks = {
  password: (v: Pick<NewPassword, 'password'>) => checkPassword(v.password),
  confirm: (v: NewPassword) => checkPasswordsMatch(v.password, v.confirm),
};

/** A confirmation that can no longer become the password is wrong already; say so before the field is left. */
export const showMismatchEarly = {
  confirm: (v: NewPassword) => v.confirm !== '' && !v.password.startsWith(v.confirm),
};

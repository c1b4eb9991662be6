import { Link } from 'react-router';
import type { LinkProps } from 'react-router';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
// Its stylesheet loads with the app (styles/app.css): the class is used before this module is.

/**
 * primary: the one main action of a view; accent: the coral call to book or join (one per view);
 * secondary: any other action; quiet: a low-key action beside others (cancel, close, "show more");
 * danger: an action that loses something.
 */
export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container (a phone's form, a dialog's last step). */
  block?: boolean;
  className?: string;
}

/** The classes of the button look, for the rare element that must be something else (a label over a file input). */
export function buttonClassName({ variant = 'secondary', size = 'md', block = false, className }: ButtonLook, busy = false): string {
  return ['button', `button--${variant}`, `button--${size}`, block ? 'button--block' : '', busy ? 'button--busy' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

function Content({ icon, busy, children }: { icon?: ReactNode; busy?: boolean; children?: ReactNode }) {
  return (
    <>
      {busy ? <span className="button__spinner" aria-hidden="true" /> : icon ? <span className="button__icon">{icon}</span> : null}
      {children}
    </>
  );
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** The action is under way: a spinner replaces the icon, the button waits and says so (aria-busy). */
  busy?: boolean;
  /** An icon before the label (decorative: the label names the action). */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the app: every screen's actions are drawn with it (decision 0027). */
export function Button({ variant, size, block, className, busy = false, icon, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName({ variant, size, block, className }, busy)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      <Content icon={icon} busy={busy}>
        {children}
      </Content>
    </button>
  );
}

export interface ButtonLinkProps extends ButtonLook, LinkProps {
  icon?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/** A link inside the app (react-router) that looks like a button: it goes somewhere, it does not act. */
export function ButtonLink({ variant, size, block, className, icon, children, ...rest }: ButtonLinkProps) {
  return (
    <Link {...rest} className={buttonClassName({ variant, size, block, className })}>
      <Content icon={icon}>{children}</Content>
    </Link>
  );
}

export interface ButtonAnchorProps extends ButtonLook, AnchorHTMLAttributes<HTMLAnchorElement> {
  icon?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain link (another site, a file, a phone number) that looks like a button. */
export function ButtonAnchor({ variant, size, block, className, icon, children, ...rest }: ButtonAnchorProps) {
  return (
    <a {...rest} className={buttonClassName({ variant, size, block, className })}>
      <Content icon={icon}>{children}</Content>
    </a>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
// Its stylesheet loads with the app (styles/app.css): the class is used before this module is.

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element: a section of a page, an item of a list, an article. */
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  /** Inner space: none (a picture to the edge), sm (a row in a list), md (default), lg (a page's main panel). */
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** The whole card reacts to the pointer (it holds one link or button that covers it). */
  interactive?: boolean;
  children?: ReactNode;
}

/** A white surface on the sand background: one border, one radius, one shadow on every screen. */
export function Card({ as: Element = 'div', padding = 'md', interactive = false, className, children, ...rest }: CardProps) {
  const classes = ['card', `card--pad-${padding}`, interactive ? 'card--interactive' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <Element {...rest} className={classes}>
      {children}
    </Element>
  );
}

/**
 * Issue 12, acceptance 2 (decision 0032): at a phone's width the page is never wider than the
 * screen, and no link or button of the top bar or the bottom bar is cut. The route walk
 * (accessibility.spec.ts) measures this on every route at 390 px, beside axe.
 */
import type { Page } from '@playwright/test';

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The innermost elements sticking out of the screen, to say where the overflow comes from. */
  culprits: string[];
  /** Links and buttons of the top and bottom bars that are outside the screen or cut. */
  clippedNav: string[];
}

/** The page's width against the screen's, and every cut control of the shell's bars. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
    };
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const classes = [...element.classList].join('.');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} [${Math.round(box.left)}..${Math.round(box.right)}] "${text}"`;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => outside(element) && ![...element.children].some(outside))
      .slice(0, 6)
      .map(describe);
    // The shell's bars: the top bar (the page's banner, or the landing's own header) and the bottom bar.
    const bars = document.querySelectorAll('header.topbar, header.landing-header, nav.bottombar');
    const clippedNav = [...bars]
      .flatMap((bar) => [...bar.querySelectorAll('a, button')])
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || getComputedStyle(control).visibility === 'hidden') return false;
        return box.left < 0 || box.right > width || control.scrollWidth > control.clientWidth;
      })
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits, clippedNav };
  });
}

/** What does not fit on the page as it is now, one readable line each (none when it fits). */
export async function phoneFitProblems(page: Page, where: string): Promise<string[]> {
  const found = await measure(page);
  const problems: string[] = [];
  if (found.scrollWidth > found.innerWidth) {
    problems.push(`${where} · ${found.scrollWidth} px wide in ${found.innerWidth} px: ${found.culprits.join('; ')}`);
  }
  if (found.clippedNav.length > 0) problems.push(`${where} · cut controls of the top or bottom bar: ${found.clippedNav.join('; ')}`);
  return problems;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';

const FOCUSABLE =
  'input:not([type="hidden"]):not([aria-hidden="true"]), select, textarea, button, [tabindex]:not([tabindex="-1"]), [role="spinbutton"]';

/** The element a `#anchor` means to reach: the field itself, or the first control inside it. */
function focusTarget(element: HTMLElement): HTMLElement {
  // A date picker's real input is hidden; its first section takes the typing.
  if (element.getAttribute('aria-hidden') === 'true' || element.tabIndex < -1) {
    const group = element.closest('.MuiFormControl-root, .MuiPickersTextField-root');
    const section = group?.querySelector<HTMLElement>('[role="spinbutton"]');
    if (section) return section;
  }
  return element;
}

/**
 * The to-do list links to the exact place to fix (`/candidate/profile#bornAt`): once the page
 * is ready, that element scrolls into view and takes the focus.
 */
export function useHashFocus(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const id = decodeURIComponent(hash.slice(1));
    // After the shell's own scroll to the top of a new page.
    const timer = setTimeout(() => {
      const element = document.getElementById(id);
      if (!element) return;
      const target = focusTarget(element);
      target.scrollIntoView({ block: 'center' });
      const focusable =
        target.matches(FOCUSABLE) || target.hasAttribute('tabindex')
          ? target
          : (target.querySelector<HTMLElement>(FOCUSABLE) ?? target);
      focusable.focus({ preventScroll: true });
    }, 100);
    return () => clearTimeout(timer);
  }, [ready, hash, key]);
}

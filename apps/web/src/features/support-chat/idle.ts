/**
 * Runs a task after the page has loaded, when the browser has nothing more urgent to do (or
 * after five seconds at the latest), so it never competes with what the page itself loads.
 */
export function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => task(), { timeout: 5000 });
    } else {
      window.setTimeout(task, 1500);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

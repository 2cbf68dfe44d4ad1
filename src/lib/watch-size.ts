/**
 * Calls `measure` now, and again whenever `element` or its first child changes size: what a box that clips or scrolls
 * its content needs in order to tell whether the content overflows it. Returns what stops the watching. jsdom has no
 * ResizeObserver; there sizes never change, so the first measure is the only one.
 */
export function watchSize(element: HTMLElement, measure: () => void): () => void {
  measure();
  if (typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  if (element.firstElementChild) observer.observe(element.firstElementChild);
  return () => observer.disconnect();
}

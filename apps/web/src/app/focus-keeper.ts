const POPUP = '[role="dialog"], [role="alertdialog"]';
/** Where a removed element's stand-in is looked for: the nearest of these around where it was. */
const AREA = 'section, article, [role="region"], [role="dialog"], [role="alertdialog"], main';
const HEADING = 'h1, h2, h3, h4, h5, h6';

function findRemovalParent(lost: Element, records: readonly MutationRecord[]): Element | null {
  for (const record of records) {
    for (const node of record.removedNodes) {
      if (node === lost || node.contains(lost)) {
        return record.target instanceof Element && record.target.isConnected ? record.target : null;
      }
    }
  }
  return null;
}

/** The heading of the area the removed element was in (a popup's title, a panel's heading), else the area. */
function findStandIn(lost: Element, records: readonly MutationRecord[], doc: Document): HTMLElement | null {
  const parent = findRemovalParent(lost, records);
  const area = parent?.closest(AREA) ?? doc.querySelector('main');
  if (!(area instanceof HTMLElement)) return null;
  const heading = area.querySelector(HEADING);
  const target = heading instanceof HTMLElement ? heading : area;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  return target;
}

/**
 * Keeps the keyboard focus on the page when what held it goes away (WCAG 2.4.3, issue 17), for every
 * popup and panel at once:
 * - a popup that closes by being unmounted (the action popups exist only while open, so Mantine's own
 *   return of focus, which runs when `opened` turns false, never sees them close) gives the focus back to
 *   the element that had it before the popup opened, usually the button that opened it;
 * - an element removed while focused (a button the new state no longer offers, or a popup's opener that
 *   went with it) hands the focus to the heading of the area it was in, not to the page's <body>.
 * Focus the user moved away on purpose (a click on blank space) is left alone: only a removal triggers it.
 * Returns the function that stops it.
 */
export function keepFocusOnThePage(doc: Document = document): () => void {
  let lastFocused: Element | null = null;
  let lastOutsidePopups: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    lastFocused = event.target;
    if (!event.target.closest(POPUP)) lastOutsidePopups = event.target;
  };

  const observer = new MutationObserver((records) => {
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    const lost = lastFocused;
    if (!lost || lost.isConnected) return;
    lastFocused = null;
    const popupClosed = lost.closest(POPUP) !== null && doc.querySelector(POPUP) === null;
    const opener = popupClosed && lastOutsidePopups?.isConnected ? lastOutsidePopups : null;
    (opener ?? findStandIn(lost, records, doc))?.focus({ preventScroll: true });
  });

  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}

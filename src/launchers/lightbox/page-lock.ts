/**
 * While the lightbox is open the rest of the page is inert and does not scroll. Everything is
 * put back exactly as it was: the `style` attributes of <html> and <body> character for
 * character, and each sibling's own `inert`.
 */

function snapshotStyle(element: HTMLElement): () => void {
  const before = element.getAttribute('style');
  return () => {
    // CSSOM, not setAttribute('style'): allowed under a strict CSP.
    if (before === null) element.removeAttribute('style');
    else element.style.cssText = before;
  };
}

/** Hides the page scrollbar; pads <body> by its width so nothing moves sideways. */
function lockScroll(doc: Document): () => void {
  const html = doc.documentElement;
  const body = doc.body;
  const win = doc.defaultView!;
  const restoreHtml = snapshotStyle(html);
  const restoreBody = snapshotStyle(body);
  const scrollbar = win.innerWidth - html.clientWidth;
  const gutterKept = win.getComputedStyle(html).getPropertyValue('scrollbar-gutter').startsWith('stable');
  if (scrollbar > 0 && !gutterKept) {
    const padding = parseFloat(win.getComputedStyle(body).paddingRight) || 0;
    body.style.setProperty('padding-right', `${padding + scrollbar}px`, 'important');
  }
  html.style.setProperty('overflow', 'hidden', 'important');
  return () => {
    restoreBody();
    restoreHtml();
  };
}

/** Makes every other child of <body> inert (and so hidden from assistive technology). */
function inertSiblings(host: HTMLElement): () => void {
  const changed: Element[] = [];
  for (const child of Array.from(host.ownerDocument.body.children)) {
    if (child === host || child.hasAttribute('inert') || child.tagName === 'SCRIPT') continue;
    child.setAttribute('inert', '');
    changed.push(child);
  }
  return () => changed.forEach((child) => child.removeAttribute('inert'));
}

export function lockPage(host: HTMLElement): () => void {
  const unlockScroll = lockScroll(host.ownerDocument);
  const restoreInert = inertSiblings(host);
  return () => {
    restoreInert();
    unlockScroll();
  };
}

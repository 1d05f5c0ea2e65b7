/**
 * While the lightbox is open the rest of the page is inert and does not scroll. Nothing of the
 * page's own is rewritten: the scroll lock is a constructable stylesheet added to the document
 * (CSP-safe) and removed again, so the `style` attributes of <html> and <body> are never
 * touched; `inert` is set only on siblings that did not have it, and removed only from those.
 */

/** Hides the page scrollbar; pads <body> by its width so nothing moves sideways. */
function lockScroll(doc: Document): () => void {
  const html = doc.documentElement;
  const win = doc.defaultView!;
  const scrollbar = win.innerWidth - html.clientWidth;
  const gutterKept = win.getComputedStyle(html).getPropertyValue('scrollbar-gutter').startsWith('stable');
  let rules = 'html { overflow: hidden !important; }';
  if (scrollbar > 0 && !gutterKept) {
    const padding = parseFloat(win.getComputedStyle(doc.body).paddingRight) || 0;
    rules += ` body { padding-right: ${padding + scrollbar}px !important; }`;
  }
  const sheet = new win.CSSStyleSheet();
  sheet.replaceSync(rules);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  return () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
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

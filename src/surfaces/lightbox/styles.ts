import type { NormalizedLightbox } from '../../core/options';
// Minified by the build and inlined as a string: never a <style> element.
import BASE from './base.css?inline';

/**
 * The lightbox's styles, adopted by its shadow root as constructable stylesheets: no <style>
 * text and no style attributes, so a strict CSP needs no 'unsafe-inline'. The option values
 * come in as custom properties; `normalizeOptions` has already checked that each one is a plain
 * colour or length, so none can break out of its declaration.
 */

let baseSheet: CSSStyleSheet | undefined;

function sheet(text: string): CSSStyleSheet {
  const result = new CSSStyleSheet();
  result.replaceSync(text);
  return result;
}

/** The shared base sheet and one sheet carrying this lightbox's option values. */
export function lightboxSheets(options: NormalizedLightbox, fullScreen: boolean): CSSStyleSheet[] {
  baseSheet ??= sheet(BASE);
  const vars = sheet(`.root {
  --payui-overlay: ${options.overlayBackground};
  --payui-overlay-opacity: ${options.overlayOpacity};
  --payui-content: ${options.contentBackground};
  --payui-margin: ${fullScreen ? '0px' : options.contentMargin};
  --payui-spinner: ${options.spinnerColor};
  --payui-spin-period: ${options.spinnerRotationPeriod || 1}s;
}`);
  return [baseSheet, vars];
}

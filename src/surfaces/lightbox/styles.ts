import type { NormalizedLightbox } from '../../core/options';
// Minified by the build and inlined as strings: never a <style> element.
import INDICATOR from '../indicator.css?inline';
import BASE from './base.css?inline';

/**
 * The lightbox's styles, adopted by its shadow root as constructable stylesheets: no <style>
 * text and no style attributes, so a strict CSP needs no 'unsafe-inline'. The option values
 * come in as custom properties; `normalizeOptions` has already checked that each one is a plain
 * colour or length, so none can break out of its declaration. The inline surface
 * (surfaces/inline/inline.ts) shares the indicator's styles and the option sheet.
 */

let baseSheet: CSSStyleSheet | undefined;

export function sheet(text: string): CSSStyleSheet {
  const result = new CSSStyleSheet();
  result.replaceSync(text);
  return result;
}

/** One sheet carrying an open's option values, with `margin` around the content. */
export const optionSheet = (options: NormalizedLightbox, margin: string): CSSStyleSheet =>
  sheet(`.root {
  --payui-overlay: ${options.overlayBackground};
  --payui-overlay-opacity: ${options.overlayOpacity};
  --payui-content: ${options.contentBackground};
  --payui-margin: ${margin};
  --payui-spinner: ${options.spinnerColor};
  --payui-spin-period: ${options.spinnerRotationPeriod || 1}s;
}`);

/** The shared base sheet (the indicator's and the lightbox's) and one sheet carrying this lightbox's option values. */
export function lightboxSheets(options: NormalizedLightbox, fullScreen: boolean): CSSStyleSheet[] {
  baseSheet ??= sheet(INDICATOR + BASE);
  return [baseSheet, optionSheet(options, fullScreen ? '0px' : options.contentMargin)];
}

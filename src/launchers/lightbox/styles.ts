import type { NormalizedLightbox } from '../../core/options';

/**
 * The lightbox's styles, adopted by its shadow root as constructable stylesheets: no <style>
 * text and no style attributes, so a strict CSP needs no 'unsafe-inline'. The option values
 * come in as custom properties; `normalizeOptions` has already checked that each one is a plain
 * colour or length, so none can break out of its declaration.
 */
const BASE = `
:host { all: initial; }
.root { position: fixed; inset: 0; font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1b1d24; }
.overlay { position: absolute; inset: 0; background: var(--payui-overlay); opacity: var(--payui-overlay-opacity); }
.viewport {
  position: absolute; inset: 0; box-sizing: border-box; padding: var(--payui-margin);
  display: flex; align-items: center; justify-content: center; pointer-events: none;
}
.dialog {
  position: relative; box-sizing: border-box; pointer-events: auto; display: flex; outline: none;
  max-width: 100%; max-height: 100%; border-radius: 8px; overflow: hidden;
}
.ready .dialog { background: var(--payui-content); box-shadow: 0 18px 60px rgb(0 0 0 / 35%); }
.full .dialog { border-radius: 0; }
.frame { display: block; flex: 1; width: 100%; height: 100%; border: 0; margin: 0; padding: 0; visibility: hidden; background: transparent; }
.ready .frame { visibility: visible; }
.loading, .message {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 14px;
  pointer-events: none;
}
.message { pointer-events: auto; padding: 24px; text-align: center; color: #fff; font-size: 16px; }
.message p { margin: 0; max-width: 36ch; }
.hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }

.close {
  position: absolute; top: 8px; right: 8px; z-index: 1; width: 36px; height: 36px; padding: 0; margin: 0;
  display: grid; place-items: center; border: 0; border-radius: 50%; cursor: pointer;
  background: rgb(255 255 255 / 92%); color: #30323a; box-shadow: 0 1px 4px rgb(0 0 0 / 25%);
}
.close:hover { background: #fff; color: #000; }
.close:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }
.close svg { width: 16px; height: 16px; }
.root:not(.ready) .close { top: 16px; right: 16px; position: fixed; }

.dots { display: flex; gap: 8px; }
.dots span { width: 10px; height: 10px; border-radius: 50%; background: var(--payui-spinner); animation: payui-pulse 1.2s ease-in-out infinite; }
.dots span:nth-child(2) { animation-delay: .15s; }
.dots span:nth-child(3) { animation-delay: .3s; }
.ring { width: 36px; height: 36px; box-sizing: border-box; border-radius: 50%; border: 4px solid var(--payui-spinner); border-right-color: transparent; animation: payui-spin .9s linear infinite; }
.custom { max-width: 64px; max-height: 64px; }
.custom.turning { animation: payui-spin var(--payui-spin-period) linear infinite; }
@keyframes payui-spin { to { transform: rotate(360deg); } }
@keyframes payui-pulse { 0%, 80%, 100% { transform: scale(.6); opacity: .4; } 40% { transform: scale(1); opacity: 1; } }
@media (prefers-reduced-motion: reduce) {
  .dots span, .ring, .custom.turning { animation: none; }
  .dots span { opacity: .8; }
}
`;

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

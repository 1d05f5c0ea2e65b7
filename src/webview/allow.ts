/**
 * The launcher's allow-lists (DESIGN.md §9), from two tags in its own page, so a deployment can
 * change them after the build by editing `index.html` beside the launcher, without rebuilding:
 *
 *   <meta name="payui-payment-ui-origins" content="https://pay.example https://sandbox.pay.example">
 *   <meta name="payui-return-origins" content="self https://game.example">
 *
 * Space-separated exact origins; `self` is the launcher's own origin. The build writes the
 * configured live and sandbox payment UI origins and `self`. A tag that is missing falls back to
 * those same build-time defaults; a tag that is present but empty allows nothing.
 */
import type { AllowLists } from './params';

/** Exact origins of a tag's content; anything that is not an origin is left out. */
function origins(content: string, self: string): string[] {
  return content
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      if (entry === 'self') return self;
      try {
        const { origin } = new URL(entry);
        return origin === entry.replace(/\/$/, '') ? origin : '';
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

export function readAllowLists(doc: Pick<Document, 'querySelector'>, self: string): AllowLists {
  const tag = (name: string) => doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  const paymentUi = tag('payui-payment-ui-origins') ?? [__PAYUI_LIVE_URL__, __PAYUI_SANDBOX_URL__].filter(Boolean).map((url) => new URL(url).origin).join(' ');
  const returnTo = tag('payui-return-origins') ?? 'self';
  return { paymentUi: origins(paymentUi, self), returnTo: origins(returnTo, self) };
}

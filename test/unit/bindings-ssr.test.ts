// The bindings on a server (issue 26): both entries import in Node without `window`, the element
// registers nothing there, and react-dom/server renders the hook and the inline component
// without throwing and without a widget.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server-side rendering (Node, no DOM)', () => {
  it('payui-embed/element imports and registers nothing', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof customElements).toBe('undefined');
    await expect(import('../../src/element/index')).resolves.toBeDefined();
  });

  it('payui-embed/react renders with react-dom/server: no widget, no payment UI, the inline component an empty box', async () => {
    const { usePayUI, PayUICheckout } = await import('../../src/react/index');
    let seen: ReturnType<typeof usePayUI> | undefined;
    function Shop() {
      seen = usePayUI({ access_token: 'T', sandbox: true });
      return createElement('main', null, createElement('button', { type: 'button', onClick: () => void seen!.open() }, 'Buy'), createElement(PayUICheckout, { access_token: 'T', sandbox: true, mode: 'inline' }));
    }
    let html = '';
    expect(() => (html = renderToString(createElement(Shop)))).not.toThrow();
    expect(html).toBe('<main><button type="button">Buy</button><div data-payui-checkout=""></div></main>');
    expect(seen).toMatchObject({ isOpen: false, lastStatus: null, widget: null });
  });
});

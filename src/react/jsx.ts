/**
 * `<payui-checkout>` in React's JSX (React 18.2+ and 19 read `React.JSX`), typed with its
 * attributes. Types only.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { PayUICheckoutAttributes, PayUICheckoutElement } from '../element/types';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'payui-checkout': Omit<DetailedHTMLProps<HTMLAttributes<PayUICheckoutElement>, PayUICheckoutElement>, keyof PayUICheckoutAttributes> & PayUICheckoutAttributes;
    }
  }
}

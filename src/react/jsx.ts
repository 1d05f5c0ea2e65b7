/**
 * `<payui-checkout>` in React's JSX (React 18.2+ and 19 read `React.JSX`), typed with its
 * attributes. Types only.
 */
import type * as React from 'react';
import type { PayUICheckoutAttributes, PayUICheckoutElement } from '../element/types';

/** The props of `<payui-checkout>` in React. */
export type PayUICheckoutElementProps = Omit<React.DetailedHTMLProps<React.HTMLAttributes<PayUICheckoutElement>, PayUICheckoutElement>, keyof PayUICheckoutAttributes> &
  PayUICheckoutAttributes;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'payui-checkout': PayUICheckoutElementProps;
    }
  }
}

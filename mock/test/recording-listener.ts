/** A webhook listener on loopback for the tests: it keeps, in order, each webhook it is sent. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, type Listening } from '../http/listen';

/** A webhook as a listener got it: its type and the parsed body. */
export interface Received {
  type: string;
  body: any;
}

export interface RecordingListener {
  url: string;
  received: Received[];
  bodies: string[];
  signatures: string[];
  server: Listening;
}

/** A listener on loopback that answers 204 to every webhook and keeps each in `received`, in order (and its raw body and Authorization header). */
export async function recordingListener(): Promise<RecordingListener> {
  const received: Received[] = [];
  const bodies: string[] = [];
  const signatures: string[] = [];
  const server = await listenLoopback(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = JSON.parse(text);
    received.push({ type: body.notification_type, body });
    bodies.push(text);
    signatures.push(String(req.headers.authorization));
    res.writeHead(204).end();
  }, 0);
  return { url: `http://127.0.0.1:${server.port}/`, received, bodies, signatures, server };
}

/** Whose webhook it is: `user.id` (user_validation, payment, refund, subscriptions) or `user.external_id` (order_paid, order_canceled). */
export const playerOf = (body: any): string | undefined => body?.user?.id ?? body?.user?.external_id;

/** The transaction a webhook is about: `transaction.id` (payment, refund), `order.id` (order_paid, order_canceled). */
export const transactionOf = (body: any): number | undefined => body?.transaction?.id ?? body?.order?.id;

/** The subscription a subscription webhook is about, as the API numbers it. */
export const subscriptionOf = (body: any): number | undefined => (body?.subscription?.subscription_id === undefined ? undefined : Number(body.subscription.subscription_id));

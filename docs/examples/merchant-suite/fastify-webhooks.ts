// The kit's webhook handler in a Fastify app (docs/server-kit.md): the signature is over the raw
// bytes, so the route keeps the body as a Buffer instead of parsing it, and the kit writes the answer
// itself on the raw response. fastify.test.ts runs it against the run's payui-mock.
import Fastify, { type FastifyInstance } from 'fastify';
import { createWebhookHandler, type WebhookHandlers } from 'payui-embed/server';

// #region fastify
export async function webhookRoutes(app: FastifyInstance, options: { secret: string; on: WebhookHandlers }) {
  const handler = createWebhookHandler(options);
  await app.register(async (scope) => {
    // In this scope only: every body as its bytes (the signature is over them), not parsed JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks', async (request, reply) => {
      reply.hijack();                        // the kit answers (204, or its 4xx) on the raw response
      await handler(Object.assign(request.raw, { body: request.body }), reply.raw);
    });
  });
}
// #endregion fastify

/** A Fastify app with the route, listening on a free loopback port. */
export async function startFastifyShop(options: { secret: string; on: WebhookHandlers }) {
  const app = Fastify();
  await webhookRoutes(app, options);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { webhookUrl: `${address}/webhooks`, close: () => app.close() };
}

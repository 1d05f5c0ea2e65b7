/**
 * A retry schedule for tests whose listeners fail for a moment and come back: `waitMs` before each
 * retry (on the merchant's clock, which is real time while no test moves it), far more retries than
 * such a test needs. The service's own is the published one (mock/webhooks/sender.ts `PUBLISHED_WAITS`),
 * whose first retry comes after 5 minutes: mock/test/webhook-delivery.test.ts moves the clock for it.
 */
import type { RetryPolicy } from '../webhooks/sender';

export const quickRetry = (waitMs: number, timeoutMs = 2000): RetryPolicy => ({ waitsMs: Array<number>(1000).fill(waitMs), timeoutMs });

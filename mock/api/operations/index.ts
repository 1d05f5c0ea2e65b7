/** Every operation the service answers, by the `operationId` of mock/openapi.json. */
import type { Op } from './common';
import * as projects from './projects';
import * as token from './token';
import * as users from './users';
import * as webhooks from './webhooks';

export const OPERATIONS: Record<string, Op> = { ...token, ...projects, ...webhooks, ...users };

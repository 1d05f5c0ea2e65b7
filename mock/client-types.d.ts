// Generated from mock/spec/openapi.json by scripts/openapi-types.js (openapi-typescript).
// Do not edit: change mock/spec/openapi.json, then run `npm run openapi:types`.
// The operations of payui-mock's typed client (mock/client.ts): the service's own /mock/ additions.

export interface paths {
    "/mock/projects/{project_id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project's webhook settings
         * @description The offline service's own operation: the real service has no such path.
         */
        get: operations["getWebhookSettings"];
        /**
         * Set a project's webhook listener
         * @description The offline service's own operation: the real service has no such path.
         */
        put: operations["putWebhookSettings"];
        post?: never;
        /**
         * Stop a project's webhooks
         * @description The offline service's own operation: the real service has no such path.
         */
        delete: operations["deleteWebhookSettings"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The webhook log, or a wait for a webhook
         * @description What the offline service sent to the listeners of the caller's projects, newest first: the deliveries `type`, `after` and `state` keep (each left out: any), with their attempts. `/mock/webhooks.html` shows the whole log as a page.
         *
         *     With `wait`, a test waits for a webhook instead of polling: the answer comes as soon as a matching delivery is in the log (at once when one is already), or with what there is (no delivery) once `wait` ms have passed or the service stops. `after` takes the `id` of a delivery seen before, so a test waits for the next one; delivery ids are the log's, increasing and kept across restarts. The log is kept in the service's database (one for every process of a shared one) and holds each project's newest 500 deliveries, the oldest dropped first. Only the caller's projects' deliveries are seen. A wait is woken by the caller's projects' deliveries only; a merchant has at most 50 waits under way, counted in the service's database (through every process of a shared one), and one more is answered 429 at once (a request without `wait`, or one whose first look finds a matching delivery, is not counted).
         *
         *     The offline service's own operation: the real service has no such path.
         */
        get: operations["listWebhookLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/webhooks/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a logged webhook again
         * @description The offline service's own operation: the real service has no such path. A delivery the log does not hold, or of another merchant's project, is 404; a project that has no webhook settings now (or whose queue is full) is 409.
         */
        post: operations["resendWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/webhooks/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an existing transaction's or subscription's webhook
         * @description Sends the webhook of `type` the service would send for a transaction or subscription of the caller's, as it is now, to its project's listener: queued behind the project's webhooks, signed with its settings and logged, as every webhook. `transaction_id` (exactly one of the two): `order_paid` and `payment` for a transaction that was paid (`done`, or refunded since; a subscription's renewal has `payment` only, as it sent), `order_canceled` and `refund` for a refunded one; `order_paid` and `order_canceled` in the project's variant (`combined` with the transaction and the payment), `payment` and `refund` as the `separate` variant sends them. `subscription_id`: `create_subscription` for any, `update_subscription` for one not canceled, `cancel_subscription` for a canceled one. `user_validation` is asked before a payment and not sent again (the player's address is not kept): it is 422, as is any type that does not fit the object. A transaction or subscription that is not the caller's (or none) is 404; a project that has no webhook settings (or whose queue is full) is 409.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        post: operations["triggerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/transactions/{transaction_id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a transaction
         * @description Marks the transaction `refunded`, takes back what it gave and sends `order_canceled` (and `refund`). A transaction already refunded, or one that is not `done` (a declined card's `error`, a refused player's `canceled`), is 409.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        post: operations["refundTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/subscriptions/{subscription_id}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew a subscription now
         * @description Charges the subscription as its next renewal would, now, and sends what that renewal sends (`update_subscription`; nothing yet for a declined charge the plan retries). The answer says what happened: the subscription's status as the charge left it, and whether the charge went through or was declined. It runs one at a time with the renewals the service clock runs: a subscription canceled, or renewed, changed or ended while this renewal waited (a clock step at the same moment ran its renewal), is 409 and nothing more is charged.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        post: operations["renewSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/projects/{project_id}/game_delivery/{game_id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A game's key pool
         * @description The offline service's own operation: the real service has no such path.
         */
        get: operations["getGameKeys"];
        put?: never;
        /**
         * Add keys to a game's pool
         * @description A paid purchase of the game hands out one active key of the chosen DRM.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        post: operations["addGameKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's fault rules, with what is left of each
         * @description The offline service's own operation: the real service has no such path.
         */
        get: operations["listFaults"];
        put?: never;
        /**
         * Fail the caller's next requests on purpose
         * @description The offline service's own operation: the real service has no such path. The caller's next `count` requests (made with the same merchant's credentials) to `operation` (an operationId), or to `method` + `path` (a path of this document, as written here), fail as the rule says: `status` with `body` (default: the service's error body), after `latency_ms`, or `drop` (the connection is closed with no answer); `latency_ms` alone answers late but as usual. `{"webhooks": {"duplicate": true} | {"delay_ms": n} | {"order": "reverse"}, "count": n}` instead fails the caller's next webhooks: sent twice, late, or out of order, to test a listener's idempotency. Rules are kept in the database (every process of a shared one sees them), not in exports; a reset or a removed sandbox drops its merchant's. One request alone fails with the header `X-Payui-Mock-Fault: status=503` (or `latency=2000`, `drop`, several separated by commas), sent to any operation; a value it does not understand is 422 at `X-Payui-Mock-Fault`.
         */
        post: operations["createFault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/faults/{fault_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a fault rule
         * @description The offline service's own operation: the real service has no such path.
         */
        delete: operations["deleteFault"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay as the payment UI's Pay does, without a browser
         * @description The offline service's own operation: the real service has no such path. The token (or access_data) is the credential, as in the payment UI: no Basic credentials; a request a page of another site made is 403. It does exactly what paying in the payment UI does (user_validation, the transaction, the webhooks, balances, inventory, subscriptions) and answers 200 `{status, transaction_id, invoice_id}` (`done`, with `key` for a game key; `troubled` with `reason` `declined` or `user_refused` and the listener's `code`), or the payment UI's error: 422 whose `message` is the UI's code (`0004-0001`, `0010-0001`, …) and `extended_message.global_errors` its words; 409 when the token has paid already. `outcome`: `success` (default), `declined`, `declined_renewals`, or a UI error code to answer as the page would show it (nothing is paid) once the token is read: a bad, expired or spent token is answered for itself first. `sku`, `package`, `plan`, `amount` (a typed amount of virtual currency): the choice the page would ask for, one of them, which must be what the token sells (422 at the field otherwise); `drm`: the DRM picked for the game keys whose token names none, one for all or per game (`{"<game sku>": "<drm>"}`).
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service clock
         * @description The offline service's own operation: the real service has no such path.
         */
        get: operations["getClock"];
        put?: never;
        /**
         * Move the service clock
         * @description The offline service's own operation: the real service has no such path.
         */
        post: operations["moveClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/sandboxes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new merchant of its own, for one test
         * @description The offline service's own operation: the real service has no such path. No credentials (the service listens on loopback only); a request a page of another site made (`Sec-Fetch-Site` `cross-site` or `same-site`, or an `Origin` not this service's) is 403, as any change a browser could be made to send. At most 500 sandboxes at once (`PAYUI_MOCK_MAX_SANDBOXES`): the next is 429 until one is deleted; a seed document of at most 262144 bytes of JSON (`PAYUI_MOCK_MAX_SEED_BYTES`): a bigger one is 413. Answers a new merchant with its own API key, projects, Login projects, clock (at real time), webhook settings, mailbox, payments and users: nothing it does is seen by another merchant. `seed`: `"demo"` (default) gives it a copy of the service's demo catalogue, `"empty"` nothing, an export document (`payui-mock export`) the export's catalogue, settings, players, inventory and unsold game keys (its payments, subscriptions, webhooks, mail and clock stay out), each record with a new id; an export of any earlier payui-mock is brought up to this version first, and a seed the service cannot keep (a bad row, two rows of one id, a row naming a project, game, item or player the seed lacks) is 422 at `seed` naming each row, no sandbox made. `POST /mock/reset` puts the sandbox back to this seed; `DELETE /mock/sandboxes/{merchant_id}` removes it.
         */
        post: operations["createSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/sandboxes/{merchant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a sandbox and all it holds
         * @description The offline service's own operation: the real service has no such path. With the sandbox's own credentials. The service's own merchants (the demo merchant) are not sandboxes: 409 (`POST /mock/reset` puts one back to its seed).
         */
        delete: operations["deleteSandbox"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put the caller back to its seed
         * @description The offline service's own operation: the real service has no such path. Everything the caller's merchant holds (projects and their catalogue, users, payments, subscriptions, webhook settings and log, mail, fault rules) is deleted and its seed written again with the same ids; its clock is real time again. What was under way does not reach the state after: the merchant's webhooks still waiting are dropped unsent, and a payment waiting on its user_validation answer is refused (409), nothing paid. A sandbox's seed is the one it was made with; the demo merchant's is the service's fixtures (and the webhook settings it was started with). Other merchants are untouched.
         */
        post: operations["resetMerchant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The Login API's mailbox
         * @description Messages the Login API sent (confirmations, password resets) to users of the merchant's Login projects, newest first: the 100 newest. Their `links` open the offline service's own pages (`/mock/login/confirm`, `/mock/login/password`).
         *
         *     The offline service's own operation: the real service has no such path.
         */
        get: operations["listMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/projects/{project_id}/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's Login settings
         * @description A project's Login project is made (a random id and secret key, no callback address, confirmation on) the first time its settings are read or written; the demo projects' exist from the first start.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        get: operations["getLoginSettings"];
        /**
         * Change a project's Login settings
         * @description The offline service's own operation: the real service has no such path.
         */
        put: operations["putLoginSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mock/projects/{project_id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's subscriptions
         * @description The spec shows no subscription list: the offline service lists a project's subscriptions (the shape of `GET …/subscriptions/{subscription_id}`) in id order, filtered by the user, the plan (its numeric `id`, not its `external_id`) and the status; a filter that matches nothing answers an empty page.
         *
         *     The offline service's own operation: the real service has no such path.
         */
        get: operations["listSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description A project's webhook settings as shown: the secret is never shown; `url` and `variant` only when enabled. */
        WebhookSettings: {
            project_id: number;
            /** @description Whether the project has a listener. */
            enabled: boolean;
            /** Format: uri */
            url?: string;
            /** @enum {string} */
            variant?: "combined" | "separate";
        };
        /** @description The error body of every operation (service-spec.md shows only the token's 422 `extended_message`; the rest is the offline service's convention, DESIGN §8). */
        Error: {
            /** @description The HTTP status of the answer, repeated. */
            http_status_code: number;
            /** @description What went wrong, in one sentence. */
            message: string;
            extended_message: components["schemas"]["ExtendedMessage"] | null;
            /** @description The id of this request, also sent as the `X-Request-Id` header; quote it when reporting a problem. */
            request_id: string;
        };
        ExtendedMessage: {
            /** @description Errors that concern the request as a whole. */
            global_errors: string[];
            /** @description Parameter path (`settings.project_id`, `prices.USD`, `purchase.virtual_items.items[0].sku`) → its messages. */
            property_errors: {
                [key: string]: string[];
            };
        };
        /** @description A project's webhook settings. */
        WebhookSettingsWrite: {
            /**
             * Format: uri
             * @description The listener: an https address, or http to a loopback address (localhost, 127.0.0.1, [::1]).
             */
            url: string;
            /** @description The project's secret key the webhooks are signed with. */
            secret: string;
            /**
             * @description `combined` (all data in `order_paid`/`order_canceled`) or `separate` (`payment`, `refund` as well).
             * @enum {string}
             */
            variant: "combined" | "separate";
        };
        /** @description What the offline service sent to each project's listener. */
        WebhookLog: {
            projects: {
                project_id: number;
                name: string;
                enabled: boolean;
                url?: string;
                /** @enum {string} */
                variant?: "combined" | "separate";
            }[];
            /** @description Newest first */
            deliveries: components["schemas"]["WebhookDelivery"][];
            /** @description Newest first */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        WebhookDelivery: {
            id: number;
            project_id: number;
            notification_type: string;
            /**
             * @description `waiting`: queued, or waiting for its next attempt (`next_attempt`); `sending`: an attempt is under way; `accepted`: the listener answered 2xx. `refused`: not sent again, or not at all: the listener answered 400, 401, 402, 403, 404, 409, 415 or 422, which end a delivery with no retry, or a `user_validation` (asked once) was not accepted, or the project's queue was full; `reason` says which. `failed`: all 20 attempts of the published schedule failed (any other answer, or none); not sent again.
             * @enum {string}
             */
            state: "waiting" | "sending" | "accepted" | "refused" | "failed";
            reason: string | null;
            /** @description How many attempts were made so far. */
            attempts: number;
            /** @description While the delivery waits for a retry: when its next attempt is due, on the clock of the project's merchant (`GET /mock/clock`), the last attempt's `at` plus its `retry_in_ms`. Moving that clock to it (`POST /mock/clock`) brings the attempt. Null when none is scheduled. */
            next_attempt: components["schemas"]["Timestamp"] | null;
            /** @description The exact body sent. */
            body: string;
        };
        /**
         * Format: date-time
         * @description ISO 8601 timestamp with an offset. The spec's samples show `+0300`, `+03:00` and `Z`; the offline service writes RFC 3339 (`2026-01-31T12:00:00+00:00`).
         */
        Timestamp: string;
        WebhookAttempt: {
            delivery: number;
            project_id: number;
            notification_type: string;
            url: string;
            attempt: number;
            /** @description When the attempt started, on the clock of the project's merchant. */
            at: components["schemas"]["Timestamp"];
            /** @description The listener's HTTP status; null when no answer came. */
            status: number | null;
            /** @description What the log keeps of the listener's answer, or what went wrong when none came: empty for an accepted answer; for a refusal shaped as a listener's (`{"error": {"code", "message"}}`) `listener's answer (excerpt): <code>: <the first 60 characters of the message>`; for any other answer only its length (the listener may be any loopback or https address, so no other service's page is kept). */
            answer: string;
            ms: number;
            accepted: boolean;
            /** @description The wait before the next attempt, on the merchant's clock, from the published schedule: after attempts 1 and 2, 300000 (5 minutes); after attempts 3 to 9, 900000 (15 minutes); after attempts 10 to 19, 3600000 (60 minutes). Null when none is scheduled: the attempt was accepted, answered a status that ends the delivery, or was the 20th. */
            retry_in_ms: number | null;
        };
        /** @description The webhook to send, and the transaction or subscription it is sent for (exactly one). */
        WebhookTrigger: {
            /** @enum {string} */
            type: "user_validation" | "payment" | "refund" | "order_paid" | "order_canceled" | "create_subscription" | "update_subscription" | "cancel_subscription";
            /** @description For `order_paid`, `payment`, `order_canceled`, `refund`. */
            transaction_id?: number;
            /** @description For `create_subscription`, `update_subscription`, `cancel_subscription`. */
            subscription_id?: number;
        };
        /** @description Optional body of a refund. */
        RefundBody: {
            /** @description Why, as the report's `refund_reason`. */
            reason?: string;
        };
        RefundAnswer: {
            transaction_id: number;
            /** @enum {string} */
            status: "refunded";
        };
        /** @description The offline service's own answer (the real service has no renewal on demand): the subscription's status as the charge left it (`freeze` or `canceled` after a declined charge the plan no longer retries), the charge's outcome, and its transaction. */
        RenewAnswer: {
            subscription_id: number;
            /**
             * @description The subscription's status after the charge.
             * @enum {string}
             */
            status: "active" | "canceled" | "non_renewing" | "freeze" | "new";
            /**
             * @description `declined`: the charge was declined (the "renewals are declined" test outcome); its transaction is an `error` one.
             * @enum {string}
             */
            charge: "done" | "declined";
            /** @description The renewal's transaction. */
            transaction_id: number;
        };
        /** @description A game's key pool per DRM (the offline service's own record). */
        GameKeys: {
            game_id: number;
            drm: {
                drm_id: number;
                name: string;
                total: number;
                active: number;
                used: number;
                /** @description The keys of the pool, oldest first. */
                keys: {
                    key: string;
                    used: boolean;
                    /** @description A sold key: the transaction that sold it. */
                    transaction_id?: number;
                    /** @description A sold key: the user it went to. */
                    user_id?: string | null;
                }[];
            }[];
        };
        /** @description Keys to add to a game's pool. */
        GameKeysAdd: {
            /** @description The DRM of the game these keys are for. */
            drm_id: number;
            /** @description The keys; a key already in the game's pool is 409. */
            keys: string[];
        };
        /** @description How the caller's next requests to one operation fail. */
        FaultRule: {
            /** @description An operationId of this document, e.g. `createToken`. */
            operation?: string;
            /**
             * @description With `path`, instead of `operation`.
             * @enum {string}
             */
            method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
            /** @description A path of this document as written here, e.g. `/merchant/{version}/merchants/{merchant_id}/token`. */
            path?: string;
            status?: number;
            /** @description The answer's JSON; default: the service's error body. */
            body?: unknown;
            latency_ms?: number;
            /** @description Close the connection with no answer. */
            drop?: boolean;
            /** @description Instead of a request: the caller's next `count` webhooks (those its events send through the outbox; not `user_validation`, which is a question asked once) are sent twice (`duplicate`), `delay_ms` late (the project's later webhooks wait behind them), or held until all `count` were made and then sent last first (`order: reverse`; held at most 10 s, then sent as they are, last first). */
            webhooks?: {
                /** @constant */
                duplicate?: true;
                delay_ms?: number;
                /** @enum {string} */
                order?: "reverse";
            };
            /**
             * @description How many requests (or webhooks) fail.
             * @default 1
             */
            count?: number;
        } & (unknown | unknown | unknown);
        /** @description The answer of a create whose answer the spec does not show (DESIGN §8). */
        Created: {
            /** @description The id of the new record. */
            id: number;
        };
        /** @description A fault rule and how many more requests it fails. */
        Fault: {
            id: number;
            remaining: number;
            operation?: string;
            method?: string;
            path?: string;
            status?: number;
            body?: unknown;
            latency_ms?: number;
            drop?: boolean;
            webhooks?: {
                duplicate?: boolean;
                delay_ms?: number;
                order?: string;
            };
            count?: number;
        };
        /** @description A payment made as the payment UI's Pay makes it. It carries the payment UI's credential: `access_token` or `access_data`, one of them (neither is 422 at both, as required; both is 422 at `access_token`). */
        HeadlessPayment: {
            /** @description The token the payment UI would be opened with. */
            access_token?: string;
            /** @description Tokenless: the access_data the payment UI would be opened with, as JSON text or as the object. */
            access_data?: string | {
                [key: string]: unknown;
            };
            /** @default success */
            outcome?: string;
            /** @description The item or game the token sells. */
            sku?: string;
            /** @description The currency package the token sells. */
            package?: string;
            /** @description The plan (its external_id) the token sells. */
            plan?: string;
            /** @description The DRM the player picks for the game keys whose token names none (`pin_codes.codes` entries without `drm`): one for all of them, e.g. `steam`, or each game's, its SKU to its DRM, e.g. `{"star-miners": "steam", "moon-miners": "gog"}`. A key left unpicked, a DRM its game does not have, or a SKU that is not such a game of the token is the page's 0010-0003. On a purchase that sells no game keys: 422 at `drm`, as any choice the token does not offer. */
            drm?: string | {
                [key: string]: string;
            };
            /** @description The amount of virtual currency the player types in the store of a token that names no purchase, where its `settings.ui.components.virtual_currency.custom_amount` lets them: from the currency's minimum to its maximum, whole when it is discrete (422 at `amount` otherwise). Priced as the page prices it: a package's price for a package's amount, else the unit price each. */
            amount?: number;
            /**
             * @description The payment method the player picks on the page, the transaction's method (the webhooks' `transaction.payment_method`, the report's): one of the methods the token's page offers, the test card and, first, the `settings.payment_widget` it names. Default: the page's first, as it preselects. Another, or any where the token names `settings.payment_method` (the page offers no pick), is 422 at `method`.
             * @enum {string}
             */
            method?: "test-card" | "paybycash" | "giftcard";
        } | unknown | unknown;
        /** @description What the payment did. */
        HeadlessPaymentResult: {
            /** @enum {string} */
            status: "done" | "troubled";
            transaction_id: number;
            invoice_id: number;
            /** @description The game key sold (the first, when several were). */
            key?: {
                drm?: string;
                code?: string;
            };
            /** @description Every game key sold, one per `pin_codes.codes` entry. */
            keys?: {
                sku: string;
                drm: string;
                code: string;
            }[];
            /** @enum {string} */
            reason?: "declined" | "user_refused";
            /** @description The listener's refusal code (user_refused). */
            code?: string;
        };
        /** @description The caller's clock (each merchant has its own), and whose it is. */
        Clock: {
            now: components["schemas"]["Timestamp"];
            /** @description Whether a test moved the clock (otherwise it is real time). */
            moved: boolean;
            /** @description The merchant whose clock it is: the caller. */
            merchant_id: number;
            /** @description Whether that merchant is a sandbox (`POST /mock/sandboxes`), not one of the service's own merchants. */
            sandbox: boolean;
            /** @description How many due items (renewals, billing retries, the ends of grace periods, trials and subscriptions) this request ran before it answered. They run in steps of at most 25, each its own transaction, other merchants' requests served in between; every one due by the clock has run when the answer comes, so none is left. */
            due_run?: number;
        };
        /** @description Move the clock forward: by an ISO 8601 duration (`{"advance": "P1M"}`) or to a timestamp (`{"to": "2027-01-01T00:00:00Z"}`). Every renewal, expiry, grace period and billing retry due in between runs, in order, once: a renewal is a transaction, a subscription payment `done`, `date_next_charge` one plan period later, and `update_subscription` (with `payment` in the separate variant). A subscription bought with the payment UI's test outcome "renewals are declined" fails each renewal (a subscription payment `fail`), is retried a day later as often as the plan's `billing_retry` says, then is `freeze` for the plan's grace period (`date_end` its end) and `canceled` after it (`cancel_subscription`; `canceled` at once without a grace period). A trial (`new`) is charged when it ends; `non_renewing` ends at its next billing date; an expiry ends it at `date_create` + `expiration`. Never backwards (422). Real time runs the same, checked each minute. */
        ClockMove: {
            /**
             * Format: duration
             * @description ISO 8601 duration
             * @example P1M
             */
            advance: string;
        } | {
            to: components["schemas"]["Timestamp"];
        };
        /** @description What the sandbox starts with. */
        SandboxRequest: {
            /** @description `demo` (default): the service's demo catalogue; `empty`: nothing; or an export document (`{"format": "payui-mock", "version": n, "tables": {…}}`). */
            seed?: ("demo" | "empty") | {
                /** @constant */
                format: "payui-mock";
                version: number;
                /** @description Each table's rows by its name, as `payui-mock export` writes them (checked as `payui-mock import` checks a file). */
                tables: {
                    [key: string]: unknown;
                };
            };
        };
        Sandbox: {
            /** @description The sandbox's merchant id (Basic user name). */
            merchant_id: number;
            /** @description Its API key (Basic password). */
            api_key: string;
            /** @description Its projects, in the seed's order. */
            project_ids: number[];
            /** @description Its Login projects, in the seed's order. */
            login_project_ids: string[];
        };
        /** @description A message the Login API sent. */
        MailMessage: {
            id: number;
            to: string;
            subject: string;
            text: string;
            links: string[];
            date: components["schemas"]["Timestamp"];
        };
        /** @description A project's Login settings. */
        LoginSettings: {
            /**
             * Format: uuid
             * @description The Login project's id (`projectId` of the Login API).
             */
            login_project_id: string;
            /** @description Signs the Login JWTs (HS256). Never shared. */
            secret_key: string;
            callback_urls: string[];
            email_confirmation: boolean;
            /** @description The merchant's user-store addresses the proxy variants forward to. */
            user_store: {
                /** @description New user address */
                new_user: string | null;
                /** @description User verification address */
                user_verification: string | null;
                /** @description Password reset address */
                password_reset: string | null;
            };
        };
        /** @description Login settings to change; a field left out keeps its value. `login_project_id` is not writable. */
        LoginSettingsWrite: {
            /** @description A new secret key of your own (at least 16 characters), or null: the service makes a new random one (256 bits). Either way the old key stops verifying new tokens at once (e.g. when it leaked). */
            secret_key?: string | null;
            callback_urls?: string[];
            email_confirmation?: boolean;
            /** @description Addresses to change (null: none); https, or http to a loopback address only. */
            user_store?: {
                /** @description New user address */
                new_user?: string | null;
                /** @description User verification address */
                user_verification?: string | null;
                /** @description Password reset address */
                password_reset?: string | null;
            };
        };
        /** @description Subscription (single retrieval: `plan` is `{id, external_id}`). */
        Subscription: {
            id: number;
            /**
             * @description `active`, `canceled`, `non_renewing`, `freeze`, `new` seen
             * @enum {string}
             */
            status: "active" | "canceled" | "non_renewing" | "freeze" | "new";
            charge_amount: number;
            currency: components["schemas"]["CurrencyCode"];
            comment: string | null;
            date_create: components["schemas"]["Timestamp"] | null;
            date_end: components["schemas"]["Timestamp"] | null;
            date_last_charge: components["schemas"]["Timestamp"] | null;
            date_next_charge: components["schemas"]["Timestamp"] | null;
            /** @description The product the token named (purchase.subscription.product_id), as it was when bought; null: none. */
            product: components["schemas"]["Product"] | null;
            user: {
                id: string;
                name: string;
            };
            plan: {
                id: number;
                external_id: string | null;
            };
        };
        /**
         * @description Three-letter ISO 4217 currency code.
         * @example USD
         */
        CurrencyCode: string;
        /** @description Subscription product. */
        Product: {
            id: number;
            name: string;
            group_id: string | null;
            /** @description A localized map, or an empty array (the samples' form for none). */
            description: components["schemas"]["LocalizedMap"] | unknown[];
        };
        /**
         * @description A localized map `{<locale>: <text>}`. Locales are two-letter lowercase language codes (`en`), optionally with an uppercase region (`en-US`): the spec does not list its locales, this is the choice of the offline service.
         * @example {
         *       "en": "Crystals",
         *       "de": "Kristalle"
         *     }
         */
        LocalizedMap: {
            [key: string]: string;
        };
    };
    responses: {
        /** @description No credentials, or wrong ones (Basic `merchant_id:api_key`). */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path names another merchant, or another merchant's project (whether or not it exists). */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such record, or an id that is not a plain decimal integer. */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The path has no such method; `Allow` lists those it has. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                Allow?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request's `Host` is not this machine's (`localhost`, `127.0.0.1`, `[::1]`, or a name of `PAYUI_ALLOWED_HOSTS`): a page of another site that made its name resolve to loopback (DNS rebinding) is refused before the request reaches the operation, whatever it is. */
        MisdirectedRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Invalid fields: `extended_message.property_errors` names each at its path (unknown properties included), `global_errors` what concerns the whole request. On every operation, a query parameter out of its range, or an `X-Payui-Mock-Fault` header that is not understood (at `X-Payui-Mock-Fault`). */
        UnprocessableEntity: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many wrong API keys for the merchant the credentials name, within a minute: the next wrong key waits `Retry-After` seconds. */
        TooManyWrongKeys: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description Seconds to wait */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An answer asked for on purpose by a fault (`POST /mock/faults` with a `status`, or the request header `X-Payui-Mock-Fault: status=…`): that status, any 4xx or 5xx, with the rule's `body`, or the service's error body when the rule gave none. Only a fault answers so; without one the operation answers only the statuses listed. One answer outside them is not the contract but a failure of the service (a defect, or its database refused or went away): 500 with the error body, the message `Internal Server Error` and nothing of the failure, which the service logs with the request's id; what was asked was not done (its transaction rolled back), so try again. No operation lists it, and the service's own tests fail on one. */
        FaultAnswer: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": unknown;
            };
        };
        /** @description Malformed JSON. */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The client sent nothing for 10 s in the middle of its request's body: answered, and the connection closed. (Headers that stop coming get the same answer before there is a request to name an operation.) */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description On a Postgres server shared by several processes: the request met others changing the same records at the same moment, and its transaction was undone for that race (a deadlock, a serialization failure, or records it read changed before it could lock them) on each of its 5 attempts. Nothing was done; send it again. The message says so. */
        RaceLost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is over 1 MiB. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request conflicts with what is kept: a record with this unique key already exists, or the record is not in a state that allows the change or another request changed it first (the message says which). Or, on a Postgres server shared by several processes, the request met others changing the same records at the same moment on each of its 5 attempts (RaceLost): nothing was done; send it again. */
        ConflictOrRaceLost: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Project id: a plain decimal integer (anything else is 404). */
        project_id: string;
        /** @description Webhook delivery id (of the log) */
        delivery_id: string;
        /** @description Transaction id */
        transaction_id: string;
        /** @description Subscription id */
        subscription_id: string;
        /** @description Game delivery entity id */
        game_id: string;
        /** @description Index of the first element, counted from 0. */
        offset: number;
        /** @description Page size: 1 to 100 (more is 422), default 20. */
        limit: number;
    };
    requestBodies: never;
    headers: {
        /** @description The id of this request (the error body's `request_id`). */
        "X-Request-Id": string;
        /** @description How many records the list has in all, whatever the page. */
        "X-Total-Count": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings (never the secret) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    putWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookSettingsWrite"];
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    deleteWebhookSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings, `enabled` false */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listWebhookLog: {
        parameters: {
            query?: {
                /** @description Only deliveries of this notification type */
                type?: "user_validation" | "payment" | "refund" | "order_paid" | "order_canceled" | "create_subscription" | "update_subscription" | "cancel_subscription";
                /** @description Only deliveries whose `id` is greater: the ones after a delivery seen before */
                after?: number;
                /** @description Only deliveries in this state (`accepted`: the listener answered 2xx; `refused`: ended without retries; `failed`: every attempt of the schedule failed) */
                state?: "waiting" | "sending" | "accepted" | "refused" | "failed";
                /** @description Milliseconds to wait for a matching delivery when there is none yet (at most 30000; 0, the default: answer at once) */
                wait?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookLog"];
                };
            };
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["RaceLost"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            /** @description The caller's merchant has 50 waits under way already (`wait` given): the most one merchant may have, through every process of the service's database. Wait for one to end, or ask without `wait`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["FaultAnswer"];
        };
    };
    resendWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook delivery id (of the log) */
                delivery_id: components["parameters"]["delivery_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued again: a new delivery of the same body, behind the project's queue, signed with the project's settings of now */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    triggerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTrigger"];
            };
        };
        responses: {
            /** @description Queued: the delivery, as the log shows it (its `id` for `GET /mock/webhooks?after=`) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    refundTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Transaction id */
                transaction_id: components["parameters"]["transaction_id"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RefundBody"];
            };
        };
        responses: {
            /** @description Refunded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    renewSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Subscription id */
                subscription_id: components["parameters"]["subscription_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Renewed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getGameKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Game delivery entity id */
                game_id: components["parameters"]["game_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys per DRM */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameKeys"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    addGameKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Game delivery entity id */
                game_id: components["parameters"]["game_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GameKeysAdd"];
            };
        };
        responses: {
            /** @description The pool after the addition */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameKeys"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listFaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Fault"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    createFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FaultRule"];
            };
        };
        responses: {
            /** @description The rule's id */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Created"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    deleteFault: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fault_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HeadlessPayment"];
            };
        };
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeadlessPaymentResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description A page of another site made the request (Fetch Metadata or Origin say so): call it from your tests or your backend. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            409: components["responses"]["RaceLost"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    moveClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockMove"];
            };
        };
        responses: {
            /** @description The clock after the move */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Clock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    createSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["SandboxRequest"];
            };
        };
        responses: {
            /** @description The sandbox's merchant */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sandbox"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description A page of another site made the request (Fetch Metadata or Origin say so): call it from your tests or your backend. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            /** @description As many sandboxes as the service keeps at once (`PAYUI_MOCK_MAX_SANDBOXES`, default 500): delete the ones your tests are done with. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            default: components["responses"]["FaultAnswer"];
        };
    };
    deleteSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                merchant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["ConflictOrRaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    resetMerchant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailMessage"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getLoginSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    putLoginSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginSettingsWrite"];
            };
        };
        responses: {
            /** @description The settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                /** @description The merchant's user id */
                user_id?: string;
                /** @description The plan's numeric id (the `plan_id` its create answered) */
                plan_id?: number;
                status?: "active" | "canceled" | "non_renewing" | "freeze" | "new";
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of subscriptions */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
}

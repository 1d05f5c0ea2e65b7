// Generated from mock/spec/openapi.json by scripts/openapi-types.js (openapi-typescript).
// Do not edit: change mock/spec/openapi.json, then run `npm run openapi:types`.
// Types only: importing them adds nothing to the server kit's code.

export interface paths {
    "/merchant/{version}/merchants/{merchant_id}/token": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment token
         * @description Returns a token used as `access_token` of the payment UI. The token is valid for 24 hours. A new token is needed before each rendering of the payment page. The token can carry only parameters listed here or predefined by the partner. When a parameter has the wrong format or type, no token is issued and the response is HTTP 422. An unknown or disabled SKU, group, package, plan or game in the token is 422 at its path.
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/merchants/{merchant_id}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List the merchant's projects
         * @description Not shown by the spec (the offline service's convention for lists).
         */
        get: operations["listProjects"];
        put?: never;
        /** Create a project */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Get a project */
        get: operations["getProject"];
        /**
         * Update a project
         * @description Not shown by the spec; a field left out keeps its value.
         */
        put: operations["updateProject"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_currency": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get the virtual currency
         * @description A project whose virtual currency was never written (`PUT`) answers 404. `id` is the project's id (one currency per project). `packets` lists every package, enabled or not, under each currency it has a price in (currencies in alphabetical order, packages in id order); a null `description`, `label` or `advertisement_type_custom` is `[]` there, as the spec's list shows them as arrays.
         */
        get: operations["getVirtualCurrency"];
        /**
         * Update the virtual currency
         * @description Not shown by the spec: writes the record's own fields (`vc_name`, `base`, `default_currency`, `min`, `max`, `is_currency_discrete`, `allow_user_sum`, `image_url`, `type`); a field left out keeps its value. The first write makes the record, a field it leaves out taking the default (`vc_name` and `base` {}, `default_currency` USD, `min` 1, `max` 100000, `is_currency_discrete` true, `allow_user_sum` false, `image_url` '', `type` discounts). `min` is at least 0 and `max` at least `min`; `default_currency` is one of `base`'s currencies when `base` has any (else 422 at the field).
         */
        put: operations["updateVirtualCurrency"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_currency/packages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a virtual currency package
         * @description Not shown by the spec. Fields left out: `bonus` 0, `enabled` true, `description`, `label`, `advertisement_type` and `advertisement_type_custom` null, `image_url` '', `prices_array` []. One price per currency (422 at `prices_array[2].name`), with no more decimals than the currency has (422 at `prices_array[0].value`); the `amount` of a discrete virtual currency is whole.
         */
        post: operations["createPackage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_currency/packages/{package_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Get a virtual currency package */
        get: operations["getPackage"];
        /**
         * Update a virtual currency package
         * @description Accepts the package-record shape the spec's sample sends; a field left out keeps its value.
         */
        put: operations["updatePackage"];
        post?: never;
        /**
         * Delete a virtual currency package
         * @description Not shown by the spec.
         */
        delete: operations["deletePackage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_items/items": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** List virtual items */
        get: operations["listItems"];
        put?: never;
        /**
         * Create a virtual item
         * @description Not shown by the spec. Fields left out: `enabled` true, `permanent` false, `groups` [], `prices` {}, `virtual_currency_price` null, `default_currency` the first price's currency (else USD), the localized maps and `keywords` {}, `image_url` '', the rest null or []. Prices are numbers or numeric strings with no more decimals than their currency has (else 422 at `prices.USD`), kept and answered as numbers; `default_currency` must be one of the item's price currencies; `groups` must name groups of the project (422 at `groups[1]`), a group listed twice is kept once; `virtual_currency_price` needs the project's virtual currency, in whole units when it is discrete.
         */
        post: operations["createItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_items/items/{item_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get a virtual item
         * @description Not shown by the spec.
         */
        get: operations["getItem"];
        /**
         * Update a virtual item
         * @description The spec shows no answer: 204. A field left out keeps its value; the create's rules apply to the fields sent.
         */
        put: operations["updateItem"];
        post?: never;
        /**
         * Delete a virtual item
         * @description The spec shows no answer: 204. Users keep what they bought of it (their inventory).
         */
        delete: operations["deleteItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_items/groups": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List item groups
         * @description Not shown by the spec.
         */
        get: operations["listGroups"];
        put?: never;
        /** Create an item group */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/virtual_items/groups/{group_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get an item group
         * @description Not shown by the spec.
         */
        get: operations["getGroup"];
        /**
         * Update an item group
         * @description Not shown by the spec. A field left out keeps its value; `parent_id` must be another group of the project that is not inside this one (422 at `parent_id`).
         */
        put: operations["updateGroup"];
        post?: never;
        /**
         * Delete an item group
         * @description Not shown by the spec. The group's items stay, without it in their `groups`; its child groups become top level (`parent_id` null).
         */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/user_attributes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** List user attributes */
        get: operations["listUserAttributes"];
        put?: never;
        /**
         * Create a user attribute
         * @description Not shown by the spec.
         */
        post: operations["createUserAttribute"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/user_attributes/{attribute_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get a user attribute
         * @description Not shown by the spec.
         */
        get: operations["getUserAttribute"];
        /**
         * Update a user attribute
         * @description Not shown by the spec.
         */
        put: operations["updateUserAttribute"];
        post?: never;
        /**
         * Delete a user attribute
         * @description Not shown by the spec.
         */
        delete: operations["deleteUserAttribute"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/game_delivery": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List game delivery entities
         * @description Not shown by the spec.
         */
        get: operations["listGames"];
        put?: never;
        /**
         * Create a game delivery entity
         * @description The spec shows no answer: 201 `{id}`. Each DRM once in `drm` (422 at `drm[1].id`); `parent_id` names another game of the project. The game is answered as written, with `id` and `drm` ([] when left out).
         */
        post: operations["createGame"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/game_delivery/{game_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Get a game delivery entity
         * @description Not shown by the spec: the fields written, `id`, and each DRM's `codes` counting its keys in the pool (`/mock/…/keys`): `used` are those payments handed out, `active` the rest.
         */
        get: operations["getGame"];
        /**
         * Update a game delivery entity
         * @description Not shown by the spec.
         */
        put: operations["updateGame"];
        post?: never;
        /**
         * Delete a game delivery entity
         * @description Not shown by the spec. The game's key pool goes with it; its child games become top level (`parent_id` null).
         */
        delete: operations["deleteGame"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/v1/projects/{project_id}/subscriptions/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscription plans (v1)
         * @description Not shown by the spec.
         */
        get: operations["listPlansV1"];
        put?: never;
        /** Create a subscription plan (v1) */
        post: operations["createPlanV1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/v1/projects/{project_id}/subscriptions/plans/{plan_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a subscription plan (v1)
         * @description Not shown by the spec.
         */
        get: operations["getPlanV1"];
        /** Update a subscription plan (v1) */
        put: operations["updatePlanV1"];
        post?: never;
        /**
         * Delete a subscription plan (v1)
         * @description Not shown by the spec. The plan stays readable with `status.value` `deleted`; its subscriptions run on.
         */
        delete: operations["deletePlanV1"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/v2/projects/{project_id}/subscriptions/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscription plans (v2)
         * @description Not shown by the spec.
         */
        get: operations["listPlansV2"];
        put?: never;
        /** Create a subscription plan (v2) */
        post: operations["createPlanV2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/v2/projects/{project_id}/subscriptions/plans/{plan_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a subscription plan (v2)
         * @description Not shown by the spec.
         */
        get: operations["getPlanV2"];
        /** Update a subscription plan (v2) */
        put: operations["updatePlanV2"];
        post?: never;
        /**
         * Delete a subscription plan (v2)
         * @description Not shown by the spec. The plan stays readable with `status.value` `deleted`; its subscriptions run on.
         */
        delete: operations["deletePlanV2"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/subscriptions/products": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** List subscription products */
        get: operations["listProducts"];
        put?: never;
        /** Create a subscription product */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/subscriptions/products/{product_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Update a subscription product
         * @description `name`, `group_id` (the sample also sends `description`).
         */
        put: operations["updateProduct"];
        post?: never;
        /** Delete a subscription product */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/subscriptions/payments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List subscription payments
         * @description Query `limit` (and `offset`); other query parameters are not shown by the spec.
         */
        get: operations["listSubscriptionPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Get a subscription */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/users/{user_id}/subscriptions/{subscription_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Update a user's subscription
         * @description Changes the status or moves the next billing date. With `status` `canceled` and `cancel_subscription_payment` true, the last payment of the subscription is refunded. The spec shows the v2 path only; v1 answers the same.
         */
        put: operations["updateUserSubscription"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * List users
         * @description A user list response `{data: [user], recordsTotal: integer}` exists in the spec; its path is not shown: this is the offline service's choice.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Create a user
         * @description The answer is not shown by the spec: users, keyed by the merchant's `user_id`, answer the user record.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Get a user */
        get: operations["getUser"];
        /**
         * Update a user
         * @description A user the API disabled cannot pay.
         */
        put: operations["updateUser"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/projects/{project_id}/users/virtual_items/total": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Users' virtual items */
        get: operations["listUserVirtualItemsTotal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/merchants/{merchant_id}/users/transactions.json": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * A user's transactions
         * @description The offline service lists each payment (`payment`, `digital_operation_type` `add`: the virtual currency in `amount`, the items in `virtual_items`, the money in `sum` and `currency`) and each refund (`cancellation`, `remove`, its reason in `comment`) of the user between the two instants (both included), oldest first, with `user_balance` after each. A payment's `operation_id` is twice its transaction id, its refund's one more.
         */
        get: operations["listUserTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/merchants/{merchant_id}/reports/transactions/search.{format}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /**
         * Search transactions
         * @description Sandbox payments (`dry_run` 1) are hidden unless `show_dry_run=true`. Entries are in the order the payments were made (`transfer_date`, then id), so paging neither skips nor repeats one while payments arrive. `datetime_from` and `datetime_to` both include their instant. Every transaction of the payment UI is of `transaction_type` `payment`. `csv` is RFC 4180 with a header row naming each column by its path in the JSON entry (`transaction.id`, …); a text cell starting with `=`, `+`, `-`, `@`, a tab or CR gets a leading `'`. `xls` is an Office Open XML workbook (`.xlsx`, which Excel and LibreOffice open). A `csv` or `xls` download without `limit` holds every transaction that passes the filters; `X-Total-Count` counts them for every format.
         */
        get: operations["searchTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/merchant/{version}/merchants/{merchant_id}/reports/transactions/{transaction_id}/details": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
            };
            cookie?: never;
        };
        /** Transaction details */
        get: operations["getTransactionDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a user
         * @description The user receives a confirmation message at the given email (in the offline service: `/mock/mail`) when the Login project requires confirmation; until its link is followed, `/api/login` answers 422 `email not confirmed`. 422 at the field for a bad email, a password shorter than 6 characters, or a username or email another user of the Login project has (case does not make a new one).
         */
        post: operations["loginRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a user in
         * @description The token is an HS256 JWT signed with the Login project's secret key; its claims: `iss` (the Login API's origin), `sub` (the user's id, a UUID), `username`, `email`, `login_project_id`, `iat`, `exp` (24 hours after `iat`, or 30 days with `remember_me`; both real time, whatever the service clock says, as the merchant's server checks them on its own clock). Wrong username or password: 422 `global_errors` `wrong username or password`, the same text for both. Not yet confirmed (when the Login project requires it): 422 `global_errors` `email not confirmed`. A user's 11th failed login within a minute, and every login of that user until the minute has passed: 429 with `Retry-After`.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proxy/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a user in the merchant's store
         * @description Forwards `{login_project_id, username, password, email}` to the New user address in Login settings. The store's 2xx: 204 (the store keeps the user and its confirmation; the service sends no message). 4xx: 422 with the store's `message` (at its `field` when that names a field of the body). No answer within 5 s, a redirect or a 5xx: 502. No New user address in the settings: 422.
         */
        post: operations["proxyRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proxy/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a user of the merchant's store in
         * @description Same as `/api/login`. Forwards `{login_project_id, username, password}` to the User verification address in Login settings. The store's 2xx may carry `{id, email, username}`: the JWT's `sub` is `id` when that is a UUID, else a name-based UUID (version 5) of the Login project and the store's `id` (or the username), the same for the same player every time; `email` is the store's (empty when it sends none). 4xx: 422 with the store's `message`, counted as a failed login (429 as `/api/login`). No answer within 5 s, a redirect or a 5xx: 502.
         */
        post: operations["proxyLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proxy/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a password in the merchant's store
         * @description Resets the password and forwards to the Password reset address in Login settings. Remaining parameters and response are not shown by the spec; the offline service forwards `{login_project_id, username}`, and the store's 2xx names the user's `email`, where a reset link (valid 1 hour) is sent (`/mock/mail`). The link's page takes the new password and POSTs `{login_project_id, username, password}` to the same address. 4xx: 422 with the store's `message`; no answer, or a 2xx without `email`: 502.
         */
        post: operations["proxyPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a password
         * @description Not shown by the spec: sends a reset link (valid 1 hour) to the user's email (`/mock/mail`); the link's page sets a new password. 204 whether or not the user exists: a reset says nothing of who is registered.
         */
        post: operations["passwordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
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
export interface webhooks {
    user_validation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Is this player registered in the game?
         * @description Sent when Pay is pressed, before any money moves, at once: a question the payment waits for, it never waits behind the project's earlier webhooks (one waiting for its next attempt holds those, not this), and it is asked once: an answer other than 2xx (or none within 10 s, `NO_ANSWER`) fails the payment, and the payment UI shows the listener's `error.code` (`INVALID_USER`, …). Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UserValidationWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    payment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payment (separate variant)
         * @description Separate variant only: a purchase was paid, or a plan renewed; then `order_paid` or `update_subscription`. Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PaymentWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    refund: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund (separate variant)
         * @description Separate variant only: a payment was refunded; then `order_canceled`. Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RefundWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    order_paid: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was paid
         * @description The items bought; the combined variant adds the transaction and the payment. Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrderPaidWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    order_canceled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An order was canceled
         * @description The items taken back and the canceled transaction; the combined variant adds the payment and the refund. Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OrderCanceledWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    create_subscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A subscription began
         * @description A plan was bought (paid, or a trial begun). Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateSubscriptionWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    update_subscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A subscription renewed or changed
         * @description A subscription renewed or changed (plan change, renewals declined, a grace period). Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateSubscriptionWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    cancel_subscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A subscription ended
         * @description A subscription ended: refunded, canceled, or expired. Sent as POST with a JSON body to the project's webhook address, signed: `Authorization: Signature <hex SHA-1 of the body followed by the project's secret key>`. A project's webhooks go one at a time, in order. A 2xx ends a delivery, and so do 400, 401, 402, 403, 404, 409, 415 and 422 (never sent again); any other answer, or none within 10 s, is sent again on the published schedule (after 5 minutes, 5, then 15 minutes 7 times, then 60 minutes 10 times: 20 attempts), while the project's later webhooks wait behind it. `user_validation` is asked once, never again.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `Signature <hex>`: the SHA-1 of the exact body followed by the project's secret key. */
                    Authorization: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CancelSubscriptionWebhook"];
                };
            };
            responses: {
                /** @description Accepted: the service sends the next webhook. */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not accepted. 400, 401, 402, 403, 404, 409, 415 and 422 (e.g. `INVALID_SIGNATURE`, `INVALID_USER`) end the delivery: it is not sent again. Any other answer (a 5xx, a 429, …), or none within 10 s: sent again on the published schedule, on the clock of the project's merchant (`GET /mock/webhooks` shows `next_attempt`). For `user_validation`, any of them fails the payment, and it is not sent again. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
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
        /** @description The answer of a create whose answer the spec does not show (DESIGN §8). */
        Created: {
            /** @description The id of the new record. */
            id: number;
        };
        /**
         * @description Three-letter ISO 4217 currency code.
         * @example USD
         */
        CurrencyCode: string;
        /**
         * @description Two-letter uppercase ISO 3166-1 alpha-2 country code.
         * @example DE
         */
        CountryCode: string;
        /**
         * @description Two-letter lowercase language code (ISO 639-1).
         * @example en
         */
        LanguageCode: string;
        /**
         * Format: date-time
         * @description ISO 8601 timestamp with an offset. The spec's samples show `+0300`, `+03:00` and `Z`; the offline service writes RFC 3339 (`2026-01-31T12:00:00+00:00`).
         */
        Timestamp: string;
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
        /** @description A localized map whose values may be null (`vc_name`). */
        LocalizedMapWithNulls: {
            [key: string]: string | null;
        };
        /**
         * @description Currency code → amount.
         * @example {
         *       "USD": 4.99,
         *       "EUR": 4.59
         *     }
         */
        CurrencyAmounts: {
            [key: string]: number;
        };
        /**
         * @description One of `recommended`, `best_deal`, `special_offer`, or null.
         * @enum {string|null}
         */
        AdvertisementType: "recommended" | "best_deal" | "special_offer" | null;
        /** @description Virtual currency package (single package record). */
        VirtualCurrencyPackage: {
            id: number;
            /** @description Unique package ID. Changing it stops already installed widgets, which must be configured again. */
            sku: string | null;
            /** @description Quantity of virtual currency in the package */
            amount: number;
            /** @description Discount for the package, percent */
            bonus: number;
            enabled: boolean;
            description: components["schemas"]["LocalizedMap"] | null;
            label: components["schemas"]["LocalizedMap"] | null;
            advertisement_type: components["schemas"]["AdvertisementType"];
            /** @description A custom advertisement label: a value or null (its shape is not shown; the offline service keeps what it is given). */
            advertisement_type_custom: unknown;
            /** @description Protocol-relative address (`//cdn.example.test/p.png`) */
            image_url: string;
            /** @description The package's prices, one per currency. */
            prices_array: {
                name: components["schemas"]["CurrencyCode"];
                value: number;
            }[];
        };
        /** @description A package in the list inside the virtual currency record. */
        VirtualCurrencyPacket: {
            id: number;
            sku: string | null;
            amount: number;
            bonus: number;
            enabled: boolean;
            /** @description The package's price in the currency this list is grouped under (in place of `prices_array`). */
            price: number;
            /** @description In the package list inside the virtual currency record `description`, `label` and `advertisement_type_custom` are arrays: the package record's value as the one entry, empty when it is null. */
            description?: components["schemas"]["LocalizedMap"][];
            label?: components["schemas"]["LocalizedMap"][];
            advertisement_type?: components["schemas"]["AdvertisementType"];
            advertisement_type_custom?: unknown[];
            image_url?: string;
        };
        /** @description Virtual currency record, with its packages grouped by currency. Fields after `vc_name` are not shown by the spec; the offline service sends these. */
        VirtualCurrency: {
            id: number;
            /** @description Whether the user may pay an arbitrary amount */
            allow_user_sum: boolean;
            /** @description Main product currency values */
            base: components["schemas"]["CurrencyAmounts"];
            default_currency: components["schemas"]["CurrencyCode"];
            image_url: string;
            /** @description Decimal units of the virtual currency */
            is_currency_discrete: boolean;
            /** @description Minimum purchase amount */
            min: number;
            /** @description Maximum purchase amount */
            max: number;
            /**
             * @description Value seen: `discounts`; the allowed set is not shown, so the offline service accepts any string.
             * @example discounts
             */
            type: string;
            /** @description Product name; values may be null */
            vc_name: components["schemas"]["LocalizedMapWithNulls"];
            /** @description Currency code → the packages priced in it. */
            packets: {
                [key: string]: components["schemas"]["VirtualCurrencyPacket"][];
            };
        };
        /** @description The virtual currency record's own fields. A field left out keeps its value (the spec does not show this operation; this is the offline service's choice). */
        VirtualCurrencyUpdate: {
            /** @description Whether the user may pay an arbitrary amount */
            allow_user_sum?: boolean;
            /** @description Main product currency values */
            base?: components["schemas"]["CurrencyAmounts"];
            default_currency?: components["schemas"]["CurrencyCode"];
            image_url?: string;
            /** @description Decimal units of the virtual currency */
            is_currency_discrete?: boolean;
            /** @description Minimum purchase amount */
            min?: number;
            /** @description Maximum purchase amount */
            max?: number;
            /**
             * @description Value seen: `discounts`; the allowed set is not shown, so the offline service accepts any string.
             * @example discounts
             */
            type?: string;
            /** @description Product name; values may be null */
            vc_name?: components["schemas"]["LocalizedMapWithNulls"];
        };
        /** @description Virtual currency package write body: the package-record shape the spec's request sample sends (its parameter table lists the currency's own fields too; those are written with `PUT …/virtual_currency`). On create `sku` and `amount` are required; on update a field left out keeps its value. */
        VirtualCurrencyPackageWrite: {
            /** @description Unique package ID in the project (a duplicate is 409). Changing it stops already installed widgets, which must be configured again. */
            sku?: string;
            /** @description Quantity of virtual currency in the package */
            amount?: number;
            /** @description Discount for the package, percent */
            bonus?: number;
            enabled?: boolean;
            description?: components["schemas"]["LocalizedMap"] | null;
            label?: components["schemas"]["LocalizedMap"] | null;
            advertisement_type?: components["schemas"]["AdvertisementType"];
            /** @description A custom advertisement label: a value or null (its shape is not shown; the offline service keeps what it is given). */
            advertisement_type_custom?: unknown;
            /** @description Protocol-relative address (`//cdn.example.test/p.png`) */
            image_url?: string;
            /** @description The package's prices, one per currency. */
            prices_array?: {
                name: components["schemas"]["CurrencyCode"];
                value: number;
            }[];
        };
        /** @description A new virtual currency package: the package write body with `sku` and `amount` required. */
        VirtualCurrencyPackageCreate: WithRequired<components["schemas"]["VirtualCurrencyPackageWrite"], "sku" | "amount">;
        /** @description Virtual item write body (the shape of the update request). The spec does not show types or required flags: on create `sku` and `name` are required; on update a field left out keeps its value. */
        VirtualItemWrite: {
            /**
             * @description Unique item ID in the project (a duplicate is 409). The spec does not show its rules; the offline service takes 1–255 Latin letters, digits, `_`, `-` and `.`.
             * @example starter-pack
             */
            sku?: string;
            name?: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            long_description?: components["schemas"]["LocalizedMap"];
            enabled?: boolean;
            /** @description The item's code; null when unset (the demo's items carry null). */
            item_code?: string | null;
            advertisement_type?: components["schemas"]["AdvertisementType"];
            /** @description null seen; the allowed values are not shown */
            item_type?: string | null;
            /** @description Keywords per locale (an object; its inner shape is not shown, so any values are kept). */
            keywords?: Record<string, never>;
            /** @description Ids of the item groups the item belongs to. */
            groups?: number[];
            default_currency?: components["schemas"]["CurrencyCode"];
            /** @description null seen; the unit is not shown: the offline service keeps the integer and does not expire items */
            expiration?: number | null;
            /**
             * Format: uri-reference
             * @description Image address (absolute or protocol-relative)
             */
            image_url?: string;
            permanent?: boolean;
            /** @description Currency code → price. The spec's sample sends numeric strings (`"4.99"`); numbers are taken as well. */
            prices?: {
                [key: string]: number | string;
            };
            /** @description Conditions on user attributes that make the item visible: the item is offered to a player when every condition holds for the token's `user.attributes` (a condition on an attribute the token lacks holds only when the project's user attribute of that key has `skip_condition_on_nonexistent_key`). The spec does not show their shape: `{attribute, operator, value}` is the offline service's. */
            user_attribute_conditions?: {
                /** @description The key of `user.attributes` in the token. */
                attribute: string;
                /** @enum {string} */
                operator: "eq" | "ne" | "gt" | "ge" | "lt" | "le" | "in";
                /** @description What the attribute is compared with (numbers as numbers, else as text); for `in`, a list or a comma-separated text. */
                value: unknown;
            }[];
            /** @description Price in the project's virtual currency, or null for none. Not in the spec's write body, whose list entry shows it: the offline service takes it here (a number, or a numeric string like `prices`; whole units when the currency is discrete). */
            virtual_currency_price?: number | string | null;
        };
        /** @description A new virtual item: the write body with `sku` and `name` required. */
        VirtualItemCreate: WithRequired<components["schemas"]["VirtualItemWrite"], "sku" | "name">;
        /** @description Virtual item (list entry). */
        VirtualItemListEntry: {
            id: number;
            sku: string;
            /** @description The `en` name, else the first of `name` (the spec does not say which: the offline service's choice). */
            localized_name: string;
            enabled: boolean;
            permanent: boolean;
            /** @description `recommended` seen */
            advertisement_type: string | null;
            default_currency: components["schemas"]["CurrencyCode"];
            /** @description Group ids */
            groups: number[];
            prices: components["schemas"]["CurrencyAmounts"];
            /** @description Price in virtual currency; null for an item without one. */
            virtual_currency_price: number | null;
        };
        /** @description A single virtual item (not shown by the spec): the write body's fields plus `id`, `localized_name` and `virtual_currency_price` (null for an item without one); prices are numbers. */
        VirtualItem: {
            id: number;
            /**
             * @description Unique item ID in the project (a duplicate is 409). The spec does not show its rules; the offline service takes 1–255 Latin letters, digits, `_`, `-` and `.`.
             * @example starter-pack
             */
            sku: string;
            name: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            long_description?: components["schemas"]["LocalizedMap"];
            enabled: boolean;
            /** @description The item's code; null when unset (the demo's items carry null). */
            item_code?: string | null;
            advertisement_type?: components["schemas"]["AdvertisementType"];
            /** @description null seen; the allowed values are not shown */
            item_type?: string | null;
            /** @description Keywords per locale (an object; its inner shape is not shown, so any values are kept). */
            keywords?: Record<string, never>;
            /** @description Ids of the item groups the item belongs to. */
            groups: number[];
            default_currency?: components["schemas"]["CurrencyCode"];
            /** @description null seen; the unit is not shown: the offline service keeps the integer and does not expire items */
            expiration?: number | null;
            /**
             * Format: uri-reference
             * @description Image address (absolute or protocol-relative)
             */
            image_url?: string;
            permanent: boolean;
            prices: components["schemas"]["CurrencyAmounts"];
            /** @description Conditions on user attributes that make the item visible, each `{attribute, operator, value}`. */
            user_attribute_conditions?: Record<string, never>[];
            localized_name: string;
            virtual_currency_price: number | null;
        };
        /** @description Item group create body. On create `name` is required (the spec does not show required flags); on update a field left out keeps its value. */
        ItemGroupWrite: {
            name?: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            enabled?: boolean;
            /** @description Parent group id: an integer (sent as a string in the spec's sample; both are taken). */
            parent_id?: number | string | null;
            /** @description The group's unique code in the project (a duplicate is 409): an integer, sent as a string in the spec's sample; both are taken. */
            code?: number | string;
        };
        /** @description A new item group: `name` required. */
        ItemGroupCreate: WithRequired<components["schemas"]["ItemGroupWrite"], "name">;
        /** @description An item group. The spec does not show a returned group: the offline service answers the create fields plus `id` and `localized_name`, with `code` and `parent_id` as integers (null when unset). */
        ItemGroup: {
            id: number;
            code: number | null;
            name: components["schemas"]["LocalizedMap"];
            localized_name: string;
            description: components["schemas"]["LocalizedMap"];
            enabled: boolean;
            parent_id: number | null;
        };
        /** @description User attribute. */
        UserAttribute: {
            id: number;
            /** @description The attribute's key, unique in the project (a duplicate is 409). */
            key: string;
            name: components["schemas"]["LocalizedMap"];
            /**
             * @description `int` and `string` seen; the allowed set is not shown, the offline service takes these two.
             * @enum {string}
             */
            type: "int" | "string";
            /** @description The values the attribute may take. */
            list_of_values: (string | number)[];
            skip_condition_on_nonexistent_key: boolean;
            visible: boolean;
            localized_name: string;
        };
        /** @description User attribute write body (not shown by the spec: the record's fields less `id` and `localized_name`). On create `key`, `name` and `type` are required; on update a field left out keeps its value. */
        UserAttributeWrite: {
            /** @description The attribute's key, unique in the project (a duplicate is 409). */
            key?: string;
            name?: components["schemas"]["LocalizedMap"];
            /**
             * @description `int` and `string` seen; the allowed set is not shown, the offline service takes these two.
             * @enum {string}
             */
            type?: "int" | "string";
            /** @description The values the attribute may take. */
            list_of_values?: (string | number)[];
            skip_condition_on_nonexistent_key?: boolean;
            visible?: boolean;
        };
        /** @description A new user attribute: `key`, `name` and `type` required. */
        UserAttributeCreate: WithRequired<components["schemas"]["UserAttributeWrite"], "key" | "name" | "type">;
        /**
         * @description Optional: what the DRM's key costs, one entry per currency, each amount in its currency's decimals (422 at `drm[i].prices[j].amount`; a currency twice is 422 at its `currency`). The spec lists `prices` without the shape of an entry: `{currency, amount}` is the offline service's. The payment UI sells the game in the token's currency (`purchase.pin_codes.currency`, else `settings.currency`), else in the game's `default_currency`, else in any currency it has a price in, taking for each currency the first enabled DRM that has a price in it; a game with no price is `0010-0001`.
         * @example [
         *       {
         *         "currency": "USD",
         *         "amount": 19.99
         *       },
         *       {
         *         "currency": "EUR",
         *         "amount": 18.49
         *       }
         *     ]
         */
        GamePrices: {
            currency: components["schemas"]["CurrencyCode"];
            amount: number;
        }[];
        /** @description Game delivery entity write body. On create `sku`, `name`, `description`, `system_requirements` and `default_currency` are required (the fields the spec's table does not mark optional, less `delivery` and `drm`, which a game sold without pre-orders or keys yet may leave out); on update a field left out keeps its value. */
        GameDeliveryWrite: {
            /**
             * @description Lowercase Latin letters, digits, dashes, underscores only. Unique in the project (a duplicate is 409).
             * @example star-miners-deluxe
             */
            sku?: string;
            name?: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            system_requirements?: string;
            /**
             * Format: uri-reference
             * @description Optional
             */
            image_url?: string;
            /** @description Optional */
            long_description?: string;
            /** @description Optional, comma-separated */
            locales_list?: string;
            /** @description Optional */
            publisher?: string;
            /** @description Optional */
            developer?: string;
            /** @description Optional */
            genre?: string;
            /** @description Optional */
            additional_info?: string;
            /**
             * Format: uri
             * @description Optional. The spec's table lists three link fields (video, forum, support) without their names; `video_url`, `forum_url` and `support_url` are the offline service's names.
             */
            video_url?: string;
            /**
             * Format: uri
             * @description Optional. See `video_url`.
             */
            forum_url?: string;
            /**
             * Format: uri
             * @description Optional. See `video_url`.
             */
            support_url?: string;
            /** @description Optional */
            old_price?: string;
            /** @description Optional, parent game */
            parent_id?: number | null;
            default_currency?: components["schemas"]["CurrencyCode"];
            /** @description Optional, expected release date (timestamp) */
            release_date?: components["schemas"]["Timestamp"] | null;
            /** @description Pre-ordered key delivery data */
            delivery?: {
                /**
                 * @description A specific UTC date or a quarter and year; for a quarter the date is the last day of that quarter. `quarter` seen; the offline service takes `date` and `quarter`.
                 * @enum {string}
                 */
                release_date_type?: "date" | "quarter";
                delivery_method?: {
                    /** @description `key` seen */
                    default?: string[];
                    /** @description Exceptions to the default method (shape not shown). */
                    exceptions?: Record<string, never>;
                };
                /** @description Seen in the request sample */
                is_pre_order?: boolean;
                /** @description Seen in the request sample */
                is_partner_side_processing?: boolean;
            };
            /** @description Per DRM. A game with no DRM can be written; the payment UI then answers 0010-0003. */
            drm?: {
                /** @description DRM id */
                id: number;
                /** @description The DRM's name. The parameter table says integer, the sample carries text: text it is. */
                name: string;
                enabled?: boolean;
                image?: string;
                /** @description Platforms */
                platforms?: {
                    id: number;
                    name: string;
                }[];
                /** @description Seen in the sample */
                is_autoredeem_enabled?: boolean;
                prices?: components["schemas"]["GamePrices"];
            }[];
            /** @description Optional; use keys stored by the service */
            obtain_code_from_db?: boolean;
            /** @description Optional; use keys received via API */
            obtain_code_from_api?: boolean;
            /** @description Optional */
            files?: {
                name: string;
                /** Format: uri */
                url: string;
            }[];
            /** @description Optional */
            tips_enabled?: boolean;
            /** @description Seen in the sample */
            sales_exist?: boolean;
        };
        /** @description A new game delivery entity. */
        GameDeliveryCreate: WithRequired<components["schemas"]["GameDeliveryWrite"], "sku" | "name" | "description" | "system_requirements" | "default_currency">;
        /** @description Game delivery entity (a game sold as keys), with `drm[].codes` counting its key pool. */
        GameDelivery: {
            id: number;
            /**
             * @description Lowercase Latin letters, digits, dashes, underscores only. Unique in the project (a duplicate is 409).
             * @example star-miners-deluxe
             */
            sku: string;
            name: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            system_requirements?: string;
            /**
             * Format: uri-reference
             * @description Optional
             */
            image_url?: string;
            /** @description Optional */
            long_description?: string;
            /** @description Optional, comma-separated */
            locales_list?: string;
            /** @description Optional */
            publisher?: string;
            /** @description Optional */
            developer?: string;
            /** @description Optional */
            genre?: string;
            /** @description Optional */
            additional_info?: string;
            /**
             * Format: uri
             * @description Optional. The spec's table lists three link fields (video, forum, support) without their names; `video_url`, `forum_url` and `support_url` are the offline service's names.
             */
            video_url?: string;
            /**
             * Format: uri
             * @description Optional. See `video_url`.
             */
            forum_url?: string;
            /**
             * Format: uri
             * @description Optional. See `video_url`.
             */
            support_url?: string;
            /** @description Optional */
            old_price?: string;
            /** @description Optional, parent game */
            parent_id?: number | null;
            default_currency: components["schemas"]["CurrencyCode"];
            /** @description Optional, expected release date (timestamp) */
            release_date?: components["schemas"]["Timestamp"] | null;
            delivery?: Record<string, never>;
            drm: {
                /** @description DRM id */
                id: number;
                /** @description The DRM's name. The parameter table says integer, the sample carries text: text it is. */
                name: string;
                enabled?: boolean;
                image?: string;
                /** @description Platforms */
                platforms?: {
                    id: number;
                    name: string;
                }[];
                /** @description Seen in the sample */
                is_autoredeem_enabled?: boolean;
                prices?: components["schemas"]["GamePrices"];
                /** @description Key counts of the DRM's pool, as strings (the spec's form). */
                codes: {
                    total: string;
                    active: string;
                    used: string;
                };
            }[];
            /** @description Optional; use keys stored by the service */
            obtain_code_from_db?: boolean;
            /** @description Optional; use keys received via API */
            obtain_code_from_api?: boolean;
            /** @description Optional */
            files?: {
                name: string;
                /** Format: uri */
                url: string;
            }[];
            /** @description Optional */
            tips_enabled?: boolean;
            /** @description Seen in the sample */
            sales_exist?: boolean;
        };
        /** @description Subscription plan write body of v1 (with `billing_retry`). `name` and `charge` are required (the spec shows no flags); on update every field is written again (the spec sends the same fields). */
        PlanWriteV1: {
            /** @description Up to 32 characters, optional; unique in the project (a duplicate is 409). */
            external_id?: string;
            name: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            /** @description Group the plans link to */
            group_id?: string | null;
            charge: {
                amount: number;
                currency: components["schemas"]["CurrencyCode"];
                period: {
                    value: number;
                    /** @enum {string} */
                    type: "day" | "month";
                };
            };
            expiration?: {
                /** @description null or 0 seen: no expiry */
                value?: number | null;
                /** @enum {string} */
                type: "day" | "month";
            } | null;
            /** @description Optional */
            trial?: {
                /** @description Number of days; 0 is none */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            grace_period?: {
                /** @description Number of days; 0 is none */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            tags?: string[] | null;
            /** @description The spec's sample also sends `status`; only `value: active` is taken. */
            status?: {
                /**
                 * @description `active` seen in the sample; `deleted` is set by DELETE only.
                 * @enum {string}
                 */
                value?: "active";
                /** @description Sent by the spec's sample; ignored: the service counts. */
                counters?: Record<string, never>;
            };
            /** @description v1 only, optional */
            billing_retry?: {
                /** @description The number of billing retries */
                value: number;
            } | null;
        };
        /** @description Subscription plan write body of v2 (no `billing_retry`: it is 422 here). `name` and `charge` are required. */
        PlanWriteV2: {
            /** @description Up to 32 characters, optional; unique in the project (a duplicate is 409). */
            external_id?: string;
            name: components["schemas"]["LocalizedMap"];
            description?: components["schemas"]["LocalizedMap"];
            /** @description Group the plans link to */
            group_id?: string | null;
            charge: {
                amount: number;
                currency: components["schemas"]["CurrencyCode"];
                period: {
                    value: number;
                    /** @enum {string} */
                    type: "day" | "month";
                };
            };
            expiration?: {
                /** @description null or 0 seen: no expiry */
                value?: number | null;
                /** @enum {string} */
                type: "day" | "month";
            } | null;
            /** @description Optional */
            trial?: {
                /** @description Number of days; 0 is none */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            grace_period?: {
                /** @description Number of days; 0 is none */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            tags?: string[] | null;
            /** @description The spec's sample also sends `status`; only `value: active` is taken. */
            status?: {
                /**
                 * @description `active` seen in the sample; `deleted` is set by DELETE only.
                 * @enum {string}
                 */
                value?: "active";
                /** @description Sent by the spec's sample; ignored: the service counts. */
                counters?: Record<string, never>;
            };
        };
        /** @description Subscription plan (v1, with `billing_retry`). */
        PlanV1: {
            /** @description In the create response: `plan_id` */
            id: number;
            external_id: string | null;
            name: components["schemas"]["LocalizedMap"];
            description: components["schemas"]["LocalizedMap"] | null;
            group_id: string | null;
            charge: {
                amount: number;
                currency: components["schemas"]["CurrencyCode"];
                period: {
                    /** @description Number of units */
                    value: number;
                    /** @enum {string} */
                    type: "day" | "month";
                };
            };
            expiration: {
                value: number | null;
                /** @enum {string} */
                type: "day" | "month";
            } | null;
            /** @description Optional */
            trial: {
                /** @description Number of days; 0 is none, as the plan was written */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            grace_period: {
                /** @description Number of days; 0 is none, as the plan was written */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            tags: string[] | null;
            status: {
                /**
                 * @description `active`, `deleted` seen
                 * @enum {string}
                 */
                value: "active" | "deleted";
                counters: {
                    active: number;
                    canceled: number;
                    frozen: number;
                    non_renewing: number;
                };
            };
            localized_name: string | null;
            project_id: number;
            /**
             * @description `charge` seen
             * @enum {string}
             */
            type: "charge";
            billing_retry: {
                value: number;
            } | null;
        };
        /** @description Subscription plan (v2). Fields after `trial` in the v2 update response are not shown by the spec; the offline service sends the same record as every plan answer. */
        PlanV2: {
            /** @description In the create response: `plan_id` */
            id: number;
            external_id: string | null;
            name: components["schemas"]["LocalizedMap"];
            description: components["schemas"]["LocalizedMap"] | null;
            group_id: string | null;
            charge: {
                amount: number;
                currency: components["schemas"]["CurrencyCode"];
                period: {
                    /** @description Number of units */
                    value: number;
                    /** @enum {string} */
                    type: "day" | "month";
                };
            };
            expiration: {
                value: number | null;
                /** @enum {string} */
                type: "day" | "month";
            } | null;
            /** @description Optional */
            trial: {
                /** @description Number of days; 0 is none, as the plan was written */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            /** @description Optional */
            grace_period: {
                /** @description Number of days; 0 is none, as the plan was written */
                value: number;
                /** @enum {string} */
                type: "day";
            } | null;
            tags: string[] | null;
            status: {
                /**
                 * @description `active`, `deleted` seen
                 * @enum {string}
                 */
                value: "active" | "deleted";
                counters: {
                    active: number;
                    canceled: number;
                    frozen: number;
                    non_renewing: number;
                };
            };
            localized_name: string | null;
            project_id: number;
            /**
             * @description `charge` seen
             * @enum {string}
             */
            type: "charge";
        };
        /** @description The create response carries `external_id` and `plan_id`. */
        PlanCreated: {
            external_id: string | null;
            plan_id: number;
        };
        /** @description Subscription product body: `name` string, `group_id` string, `description`. `name` is required (the spec shows no flags). */
        ProductWrite: {
            name: string;
            group_id?: string;
            /** @description A localized map, or an empty array (the samples' form for none). */
            description?: components["schemas"]["LocalizedMap"] | unknown[];
        };
        /** @description Subscription product. */
        Product: {
            id: number;
            name: string;
            group_id: string | null;
            /** @description A localized map, or an empty array (the samples' form for none). */
            description: components["schemas"]["LocalizedMap"] | unknown[];
        };
        ProductCreated: {
            product_id: number;
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
        /** @description The subscription inside a payment entry: the full plan object. */
        SubscriptionInPayment: {
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
            /** @description The full plan object (v1 answers carry `billing_retry`). */
            plan: components["schemas"]["PlanV2"] | components["schemas"]["PlanV1"];
        };
        /** @description Subscription payment entry. */
        SubscriptionPayment: {
            id: number;
            /** @description The transaction's id */
            id_payment: number;
            date_payment: components["schemas"]["Timestamp"];
            /**
             * @description `done`, `fail` seen
             * @enum {string}
             */
            status: "done" | "fail";
            subscription: components["schemas"]["SubscriptionInPayment"];
        };
        /** @description Update Subscription. At least one of `status` and `timeshift` (otherwise 422). */
        UserSubscriptionUpdate: {
            /**
             * @description Settable values
             * @enum {string}
             */
            status?: "active" | "canceled" | "non_renewing";
            /** @description Works only together with status `canceled` (otherwise 422): the last payment of the subscription is refunded. */
            cancel_subscription_payment?: boolean;
            /** @description Moves the next billing date later by the given units. */
            timeshift?: {
                /** @enum {string} */
                type: "day" | "month";
                /** @description 1 to 366 for `day`, 1 to 12 for `month` (a string in the spec; an integer is taken too). A month shift clamps to the month's last day. */
                value: string | number;
            };
            /** @description The spec's sample also sends `comment`. */
            comment?: string;
        };
        /** @description Project fields. On create `name` is required (the spec shows no flags); on update a field left out keeps its value. */
        ProjectWrite: {
            name?: components["schemas"]["LocalizedMap"];
            /** @description Up to 12 characters, short name for reports */
            descriptor?: string;
            /**
             * Format: uri
             * @description Project website
             */
            url?: string;
            description?: components["schemas"]["LocalizedMap"];
            /** @description Comma-separated */
            keywords?: string;
            /**
             * Format: uri
             * @description Webhook address
             */
            payment_url?: string;
            /** @description Project secret key. Offline service: it signs the project's webhooks; written, never read back (a read of the project leaves it out). */
            key?: string;
            /**
             * Format: uri
             * @description Redirect after successful payment
             */
            return_url?: string;
            /** @description Offline service: a project that never set it is enabled, and its read shows `true`. The switch is kept and shown; it does not stop payments (`payments_available` false does). */
            enabled?: boolean;
            /** @description Keep user data in the service's storage */
            user_billing_enabled?: boolean;
            /** @description Show saved payment accounts and payment history */
            show_user_in_payui?: boolean;
            locale_list?: components["schemas"]["LanguageCode"][];
            /** @description Verification via Public User ID, for cash kiosks */
            user_public_id_enabled?: boolean;
            /** @description Enables tokenless integration (offline service: access_data for a project without it is 0004-0010) */
            send_json_to_payui?: boolean;
            is_external_id_required?: boolean;
            /** @description Whether webhooks go to payment_url. Offline service: payment_url, key and ipn_enabled are the project's webhook settings (the same as /mock/projects/{project_id}/webhooks sets, variant kept): true sends the project's webhooks to payment_url signed with key (422 at payment_url or key when they cannot: https, or http to a loopback address; a non-empty key), false stops them; a read shows where they go now. */
            ipn_enabled?: boolean;
            /**
             * @description True when a signed agreement is in force and at least one project is enabled; default false. Offline service: false makes the payment UI refuse the project's payments with 0002-0004 (agreement not signed); a project that never set it takes payments.
             * @default false
             */
            payments_available?: boolean;
            /** @description Each is {enabled boolean, custom_name localized map} */
            components?: {
                virtual_currency?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
                items?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
                simple_checkout?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
                subscriptions?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
                coupons?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
                game_delivery?: {
                    enabled?: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
            };
            /** @description Seen in the sample */
            is_cancel_implemented?: boolean;
            /** @description Seen in the sample */
            is_send_email?: boolean;
            /** @description Seen in the sample */
            offerwall_enabled?: boolean;
            /** @description Seen in the sample */
            vendor_tips_enabled?: boolean;
            /** @description Seen in the sample */
            cardRecurring?: boolean;
            /**
             * @description 1 seen
             * @enum {integer}
             */
            is_sandbox_available?: 0 | 1;
            /** @description Seen in the sample */
            users_count?: number;
            /** @description Seen in the sample */
            autoredirect_from_status_page_in_seconds?: number;
            /** @description `done` seen */
            status_page_show_return_to_game_link?: string;
            status_page_return_to_game_link_name?: components["schemas"]["LocalizedMap"];
        };
        /** @description Fields accepted on creation (from the table and the request sample); `name` required. */
        ProjectCreate: WithRequired<components["schemas"]["ProjectWrite"], "name">;
        /** @description A retrieved project (not shown by the spec): its create fields plus `id`, `key` included (the merchant's own credentials read it). */
        Project: {
            id: number;
            name: components["schemas"]["LocalizedMap"];
            /** @description Up to 12 characters, short name for reports */
            descriptor?: string;
            /**
             * Format: uri
             * @description Project website
             */
            url?: string;
            description?: components["schemas"]["LocalizedMap"];
            /** @description Comma-separated */
            keywords?: string;
            /**
             * Format: uri
             * @description Webhook address
             */
            payment_url?: string;
            /** @description Project secret key. Offline service: it signs the project's webhooks; written, never read back (a read of the project leaves it out). */
            key?: string;
            /**
             * Format: uri
             * @description Redirect after successful payment
             */
            return_url?: string;
            /** @description Offline service: a project that never set it is enabled, and its read shows `true`. The switch is kept and shown; it does not stop payments (`payments_available` false does). */
            enabled: boolean;
            /** @description Keep user data in the service's storage */
            user_billing_enabled?: boolean;
            /** @description Show saved payment accounts and payment history */
            show_user_in_payui?: boolean;
            locale_list?: components["schemas"]["LanguageCode"][];
            /** @description Verification via Public User ID, for cash kiosks */
            user_public_id_enabled?: boolean;
            /** @description Enables tokenless integration (offline service: access_data for a project without it is 0004-0010) */
            send_json_to_payui?: boolean;
            is_external_id_required?: boolean;
            /** @description Whether webhooks go to payment_url. Offline service: payment_url, key and ipn_enabled are the project's webhook settings (the same as /mock/projects/{project_id}/webhooks sets, variant kept): true sends the project's webhooks to payment_url signed with key (422 at payment_url or key when they cannot: https, or http to a loopback address; a non-empty key), false stops them; a read shows where they go now. */
            ipn_enabled?: boolean;
            /**
             * @description True when a signed agreement is in force and at least one project is enabled; default false. Offline service: false makes the payment UI refuse the project's payments with 0002-0004 (agreement not signed); a project that never set it takes payments.
             * @default false
             */
            payments_available?: boolean;
            /** @description Each is {enabled boolean, custom_name localized map} */
            components?: {
                [key: string]: {
                    enabled: boolean;
                    custom_name?: components["schemas"]["LocalizedMap"];
                };
            };
            /** @description Seen in the sample */
            is_cancel_implemented?: boolean;
            /** @description Seen in the sample */
            is_send_email?: boolean;
            /** @description Seen in the sample */
            offerwall_enabled?: boolean;
            /** @description Seen in the sample */
            vendor_tips_enabled?: boolean;
            /** @description Seen in the sample */
            cardRecurring?: boolean;
            /**
             * @description 1 seen
             * @enum {integer}
             */
            is_sandbox_available?: 0 | 1;
            /** @description Seen in the sample */
            users_count?: number;
            /** @description Seen in the sample */
            autoredirect_from_status_page_in_seconds?: number;
            /** @description `done` seen */
            status_page_show_return_to_game_link?: string;
            status_page_return_to_game_link_name?: components["schemas"]["LocalizedMap"];
        };
        /** @description User. */
        User: {
            user_id: string;
            /** @description Empty when the user has none (the spec's field is a string, never null) */
            user_name: string;
            user_custom: string | null;
            /** @description Empty when the user has none (the spec's field is a string, never null) */
            email: string;
            enabled: boolean;
            /** @description Virtual currency balance */
            balance: number;
            register_date: components["schemas"]["Timestamp"];
            wallet_amount: number;
            wallet_currency: components["schemas"]["CurrencyCode"] | null;
        };
        /** @description A new user: `user_id` string (required), `user_name`, `user_custom`, `email` (strings). */
        UserCreate: {
            /** @description The merchant's own user id, unique in the project (a duplicate is 409). */
            user_id: string;
            user_name?: string;
            user_custom?: string | null;
            email?: string;
        };
        /** @description User update: `user_id` and `enabled` required; a field left out keeps its value. */
        UserUpdate: {
            /** @description Must equal the path's `user_id` (otherwise 422). */
            user_id: string;
            enabled: boolean;
            user_name?: string;
            user_custom?: string | null;
            email?: string;
        };
        /** @description User list `{data: [user], recordsTotal: integer}`. */
        UserList: {
            data: components["schemas"]["User"][];
            /** @description All users of the project, whatever the page */
            recordsTotal: number;
        };
        /** @description A user's inventory: the items they hold and how many. */
        UserVirtualItemsTotal: {
            user_id: string;
            virtual_items: {
                id: number;
                quantity: number;
                sku: string;
            }[];
        };
        /** @description User transaction entry. */
        UserTransaction: {
            operation_id: number;
            /** @description null seen */
            transaction_id: number | null;
            /** @enum {string} */
            transaction_type: "payment" | "coupon" | "inGamePurchase" | "internal" | "cancellation";
            /** @description `notified` seen */
            status: string;
            date: components["schemas"]["Timestamp"];
            amount: number;
            /** @description null seen */
            sum: number | null;
            /** @description null seen */
            currency: string | null;
            /** @description `add` seen */
            digital_operation_type: string;
            comment: string | null;
            coupon_code: string | null;
            external_id: string | null;
            user_balance: number;
            user_id: string;
            user_name: string | null;
            user_custom: string | null;
            project: {
                id: number;
                localized_name: string;
            };
            virtual_items: {
                amount: number;
                virtual_item: {
                    localized_name: string;
                    sku: string;
                };
            }[];
        };
        /** @description Report transaction entry. */
        ReportTransaction: {
            payment_details: {
                payment?: {
                    amount?: number | null;
                    currency?: string | null;
                    amount_from_ps?: number | null;
                };
                sales_tax?: {
                    amount?: number | null;
                    percent?: number | null;
                };
            };
            purchase: {
                pin_codes?: {
                    amount?: number | null;
                    currency?: string | null;
                    content?: string | null;
                } | null;
                simple_checkout?: {
                    amount?: number | null;
                    currency?: string | null;
                } | null;
                subscription?: {
                    name?: string | null;
                } | null;
                virtual_currency?: {
                    amount?: number | null;
                    name?: string | null;
                } | null;
                /** @description The items bought, as text */
                virtual_items?: string | null;
            };
            transaction: {
                id: number;
                external_id?: string | null;
                /**
                 * @description 1 for a sandbox payment
                 * @enum {integer}
                 */
                dry_run: 0 | 1;
                /** @enum {integer} */
                is_refund_allowed?: 0 | 1;
                /** @description What the payment was made with: `{id: 1, name: "Test card"}`, the page's offline methods `{id: 2, name: "Pay by cash"}` and `{id: 3, name: "Gift card"}` (`settings.payment_widget`), or the token's `settings.payment_method` as `{id: <it>, name: "Payment method <it>"}`. */
                payment_method?: {
                    id?: number | null;
                    name?: string | null;
                };
                project?: {
                    id?: number;
                    name?: string;
                };
                refund_reason?: string | null;
                /** @description `created`, `processing`, `done`, `canceled`, `error`, `review`, `refunded`, `awaitingRefund`, `notified` */
                status: string;
                transfer_date?: components["schemas"]["Timestamp"] | null;
            };
            user: {
                id: string;
                name?: string | null;
                email?: string | null;
                phone?: string | null;
                country?: string | null;
                custom?: string | null;
            };
        };
        /** @description Full transaction information. Its fields are not shown by the spec: the offline service answers the report entry's groups and what the transaction was made of (its lines, the token's custom parameters, its refund, the subscription it made). */
        TransactionDetails: components["schemas"]["ReportTransaction"] & {
            /** @description What was bought */
            lines: {
                sku: string | null;
                name: string;
                quantity: number;
                unit_price: number;
                currency: string;
                /** @description A game key sold: its DRM. */
                drm?: string;
                /** @description A game key sold: the key. */
                key?: string;
            }[];
            /** @description The token's `custom_parameters` */
            custom_parameters: Record<string, never> | null;
            refund: {
                reason: string;
                date: components["schemas"]["Timestamp"];
            } | null;
            /** @description The subscription a plan's purchase made */
            subscription: {
                id: number;
                plan_id: string;
            } | null;
            /** @description A gift (`purchase.gift` of the token): the friend who got what was bought; the transaction's `user` is the giver, who paid. */
            gift?: {
                receiver: {
                    id: string;
                    name: string | null;
                    email: string | null;
                };
                giver_id: string;
                message: string | null;
                hide_giver_from_receiver: boolean;
            };
        };
        /** @description Payment system entry. The path that lists payment systems is not shown by the spec, so no operation answers it; the record is here for completeness. */
        PaymentSystem: {
            id: number;
            name: string;
            enabled: boolean;
            image_url?: string;
            categories?: string[];
            countries?: string[];
            regions?: string[];
            prices?: {
                currencies?: string[];
                description?: string;
                fee_fixed_currency?: string;
                fee_fixed_value?: number;
                fee_percent?: number;
                is_unknown_commission?: boolean;
            }[];
        };
        /** @description A payment system list response: `count` and `payment_systems`. */
        PaymentSystemList: {
            count: number;
            payment_systems: components["schemas"]["PaymentSystem"][];
        };
        /** @description The body of a token request: every parameter of the service's token table (service-spec.md, "Payment token"). The service refuses parameters it does not list (HTTP 422 at their path), except inside `user.attributes` and `custom_parameters`. `user.id`, `user.email` and `settings.project_id` are required. */
        TokenRequest: {
            user: {
                id: {
                    /** @example player-42 */
                    value: string;
                };
                name?: {
                    /** @description Screen name */
                    value?: string;
                };
                email: {
                    /**
                     * @description Valid per RFC 822; a missing value can lower acceptance
                     * @example player42@example.test
                     */
                    value: string;
                };
                phone?: {
                    value?: string;
                };
                country?: {
                    /**
                     * @description ISO 3166-1 alpha-2, uppercase
                     * @example DE
                     */
                    value?: string;
                    /** @description Default false */
                    allow_modify?: boolean;
                };
                /** @description Key-value pairs to filter the item list */
                attributes?: {
                    [key: string]: unknown;
                };
                steam_id?: {
                    value?: string;
                };
                tracking_id?: {
                    value?: string;
                };
                public_id?: {
                    /** @description Identifier known to the user; allows purchases through cash kiosks */
                    value?: string;
                };
                /** @description Traffic attributes */
                utm?: {
                    utm_source?: string;
                    utm_medium?: string;
                    utm_campaign?: string;
                    utm_term?: string;
                    utm_content?: string;
                };
                /** @example false */
                is_legal?: boolean;
                /** @description All required when `user.is_legal` is true (required when `user.is_legal` is true). */
                legal?: {
                    name?: string;
                    address?: string;
                    vat_id?: string;
                    /**
                     * @description ISO 3166-1 alpha-2, uppercase
                     * @example DE
                     */
                    country?: string;
                };
            };
            settings: {
                /** @example 200001 */
                project_id: number;
                /** @description Transaction external ID */
                external_id?: string;
                /**
                 * @description Two-letter, lowercase
                 * @example en
                 */
                language?: string;
                /**
                 * Format: uri
                 * @description The parameters user_id, foreigninvoice, invoice_id and status are appended
                 * @example https://shop.example.test/return
                 */
                return_url?: string;
                /**
                 * @description ISO 4217
                 * @example EUR
                 */
                currency?: string;
                /**
                 * @description `sandbox` for testing
                 * @enum {string}
                 */
                mode?: "sandbox";
                /** @description Payment method ID */
                payment_method?: number;
                /** @enum {string} */
                payment_widget?: "paybycash" | "giftcard";
                ui?: {
                    /** @enum {string} */
                    theme?: "default" | "default_dark";
                    /** @description Allowed values are not listed by the service; the mock accepts any string */
                    size?: string;
                    /**
                     * @description `desktop` (default) or `mobile`
                     * @enum {string}
                     */
                    version?: "desktop" | "mobile";
                    /**
                     * @description Desktop only
                     * @enum {string}
                     */
                    mode?: "user_account";
                    /** @description Link to the EULA */
                    license_url?: string;
                    header?: {
                        /** @description Default true */
                        visible_virtual_currency_balance?: boolean;
                    };
                    desktop?: {
                        header?: {
                            is_visible?: boolean;
                            visible_logo?: boolean;
                            visible_name?: boolean;
                            /** @description Default true */
                            visible_purchase?: boolean;
                            /**
                             * @description `normal` (default) or `compact`
                             * @enum {string}
                             */
                            type?: "compact" | "normal";
                            /** @description Default false; redirects to settings.return_url */
                            close_button?: boolean;
                        };
                        subscription_list?: {
                            /**
                             * @description `list` (default) or `grid`
                             * @enum {string}
                             */
                            layout?: "list" | "grid";
                            description?: string;
                            display_local_price?: boolean;
                        };
                        virtual_item_list?: {
                            /**
                             * @description `list` (default) or `grid`
                             * @enum {string}
                             */
                            layout?: "list" | "grid";
                            /** @description Default false */
                            button_with_price?: boolean;
                            /**
                             * @description `vertical` (default) or `horizontal_navigation`
                             * @enum {string}
                             */
                            view?: "horizontal_navigation" | "vertical";
                        };
                        virtual_currency_list?: {
                            description?: string;
                            /** @description Default false */
                            button_with_price?: boolean;
                        };
                    };
                    mobile?: {
                        /** @enum {string} */
                        mode?: "saved_accounts";
                        header?: {
                            /** @description Default false */
                            close_button?: boolean;
                        };
                        footer?: {
                            is_visible?: boolean;
                        };
                    };
                    components?: {
                        virtual_items?: {
                            order?: number;
                            hidden?: boolean;
                            selected_group?: string;
                            /** @description Item SKU */
                            selected_item?: string;
                        };
                        virtual_currency?: {
                            custom_amount?: boolean;
                            order?: number;
                            hidden?: boolean;
                        };
                        subscriptions?: {
                            order?: number;
                            hidden?: boolean;
                        };
                    };
                    user_account?: {
                        info?: {
                            order?: number;
                            /** @description Default false */
                            enable?: boolean;
                        };
                        history?: {
                            order?: number;
                            /** @description Default false */
                            enable?: boolean;
                        };
                        payment_accounts?: {
                            order?: number;
                            /** @description Default false */
                            enable?: boolean;
                        };
                        subscriptions?: {
                            order?: number;
                            /** @description Default false */
                            enable?: boolean;
                        };
                    };
                };
            };
            purchase?: {
                virtual_currency?: {
                    /**
                     * @description More than 0, at most 1000000000 (the offline service's bound)
                     * @example 550
                     */
                    quantity?: number;
                    /**
                     * @description ISO 4217
                     * @example EUR
                     */
                    currency?: string;
                };
                virtual_items?: {
                    /**
                     * @description ISO 4217
                     * @example EUR
                     */
                    currency?: string;
                    items?: {
                        /** @example starter-pack */
                        sku: string;
                        /**
                         * @description At least 1, at most 1000000000 (the offline service's bound)
                         * @example 1
                         */
                        amount: number;
                    }[];
                    /** @description Only items of these groups are shown */
                    available_groups?: string[];
                };
                subscription?: {
                    /** @example captain-monthly */
                    plan_id?: string;
                    product_id?: string;
                    /**
                     * @description ISO 4217
                     * @example EUR
                     */
                    currency?: string;
                    /**
                     * @description `change_plan` changes the plan; the new plan ID goes to plan_id
                     * @enum {string}
                     */
                    operation?: "change_plan";
                    available_plans?: string[];
                    trial_days?: number;
                };
                pin_codes?: {
                    /**
                     * @description ISO 4217
                     * @example EUR
                     */
                    currency?: string;
                    codes?: {
                        /** @description Game SKU */
                        digital_content?: string;
                        /**
                         * @description When omitted the user chooses in the payment UI
                         * @enum {string}
                         */
                        drm?: "steam" | "playstation" | "xbox" | "uplay" | "origin" | "drmfree" | "gog" | "epicgames" | "nintendo_eshop" | "discord_game_store" | "oculus";
                    }[];
                    upgrade?: {
                        id_user_history?: number;
                        id?: number;
                    };
                };
                gift?: {
                    giver_id?: string;
                    message?: string;
                    /** @description Default true */
                    hide_giver_from_receiver?: string;
                    friends?: {
                        id?: string;
                        name?: string;
                        email?: string;
                    }[];
                };
                coupon_code?: {
                    value?: string;
                    /** @description Default false */
                    hidden?: boolean;
                };
            };
            /** @description Custom key-value pairs */
            custom_parameters?: {
                [key: string]: unknown;
            };
        };
        TokenAnswer: {
            /** @description The `access_token` of the payment UI, valid 24 hours. Not shown by the spec: the offline service answers `{token}`. */
            token: string;
        };
        /** @description `username`, `password`, `email` (strings, all required). */
        LoginRegisterBody: {
            username: string;
            /** @description At least 6 characters (the offline service's rule). */
            password: string;
            /** @description The confirmation message goes here. */
            email: string;
        };
        /** @description `username`, `password` (required), `remember_me` boolean, default false. */
        LoginBody: {
            username: string;
            password: string;
            /**
             * @description The token lives 30 days instead of 24 hours.
             * @default false
             */
            remember_me?: boolean;
        };
        LoginAnswer: {
            /**
             * Format: uri
             * @description An address to redirect to, carrying `token` (the JWT) and `remember_me` query parameters.
             */
            login_url: string;
        };
        /** @description The spec does not show the parameters: the offline service takes the `username` and sends a reset link to that user's address (the mailbox, `/mock/mail`). */
        PasswordResetBody: {
            /** @description The user's username. */
            username: string;
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
        /** @description The project the webhook is about. */
        WebhookProjectSettings: {
            project_id: number;
            merchant_id: number;
        };
        WebhookMoney: {
            /** @description ISO 4217. */
            currency: string;
            /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
            amount: number | string;
        };
        WebhookTax: {
            currency: string;
            /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
            amount: number | string;
            percent?: number | string;
        };
        /** @description The player who pays, as the token named them. */
        WebhookPaymentUser: {
            /** @description `user.id.value` of the token. */
            id: string;
            /** @description The player's address, as the payment UI saw it. */
            ip?: string;
            phone?: string;
            email: string;
            name?: string;
            /** @description ISO 3166-1 alpha-2. */
            country?: string;
            zip?: string;
            public_id?: string;
        };
        /** @description The payment's transaction. */
        WebhookTransaction: {
            /** @description The transaction id: the idempotency key of a delivery. */
            id: number;
            /** @description `settings.external_id` of the token; absent when it had none. */
            external_id?: string | number;
            /** @description When it was paid (ISO 8601). */
            payment_date?: string;
            /** @description The payment method's id. */
            payment_method: number;
            payment_method_name?: string;
            payment_method_order_id?: string | number;
            /**
             * @description 1: a sandbox payment, nothing was charged. Absent: 0.
             * @enum {integer}
             */
            dry_run?: 0 | 1;
            /** @description The id of the merchant's agreement the payment was made under. */
            agreement?: number;
        };
        /** @description What the payment came to and how the money splits. */
        WebhookPaymentDetails: {
            payment: components["schemas"]["WebhookMoney"];
            vat?: components["schemas"]["WebhookTax"];
            sales_tax?: components["schemas"]["WebhookTax"];
            direct_wht?: components["schemas"]["WebhookTax"];
            payout_currency_rate?: number | string;
            payout?: components["schemas"]["WebhookMoney"];
            country_wht?: components["schemas"]["WebhookTax"];
            user_acquisition_fee?: components["schemas"]["WebhookTax"];
            vendor_fee?: components["schemas"]["WebhookMoney"];
            payment_method_fee?: components["schemas"]["WebhookMoney"];
            repatriation_commission?: components["schemas"]["WebhookMoney"];
        };
        /** @description Why the payment was refunded. */
        WebhookRefundDetails: {
            code: number;
            reason: string;
            author?: string;
        };
        /** @description What was bought, each part with its price. */
        WebhookPurchase: {
            virtual_currency?: {
                name?: string;
                sku?: string;
                quantity: number;
                currency: string;
                /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
                amount: number | string;
            };
            checkout?: components["schemas"]["WebhookMoney"];
            virtual_items?: {
                items: {
                    sku: string;
                    /** @description How many. */
                    amount: number;
                }[];
                currency: string;
                /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
                amount: number | string;
            };
            pin_codes?: {
                /** @description The game's SKU. */
                digital_content: string;
                drm: string;
                currency: string;
                /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
                amount: number | string;
            }[];
            subscription?: {
                plan_id: string | number;
                subscription_id: string | number;
                product_id?: string;
                date_create?: string;
                currency?: string;
                /** @description A sum in the currency beside it (the published samples send numbers, and numeric strings in some). */
                amount?: number | string;
            };
            /** @description The token's `purchase.gift`: who gave it to whom. */
            gift?: {
                giver_id: string;
                receiver_id: string;
                receiver_email?: string;
                message?: string;
                hide_giver_from_receiver?: number | boolean;
            };
            total?: components["schemas"]["WebhookMoney"];
            promotions?: {
                [key: string]: unknown;
            }[];
            coupon?: {
                coupon_code?: string;
                campaign_code?: string;
            };
        };
        WebhookPromotion: {
            amount_without_discount: string | null;
            amount_with_discount: string | null;
            sequence: number;
        };
        /** @description A line of the order. */
        WebhookItem: {
            /** @description The item's SKU; a game key's is `<game sku>_<drm>`. */
            sku: string;
            /** @enum {string} */
            type: "virtual_good" | "virtual_currency" | "bundle" | "game_key" | "physical_good" | "unit" | "subscription";
            is_pre_order: boolean;
            quantity: number;
            /** @description What the line cost (all its quantity), as a decimal string; null for a line that came inside another (a package's virtual currency). */
            amount: string | null;
            promotions: components["schemas"]["WebhookPromotion"][];
            custom_attributes?: {
                [key: string]: unknown;
            };
        };
        WebhookOrder: {
            /** @description The order: the transaction id here. */
            id: number;
            /** @enum {string} */
            mode: "default" | "sandbox";
            /** @enum {string} */
            currency_type: "real" | "virtual";
            /** @description ISO 4217 for real money; a virtual currency's SKU. */
            currency: string;
            /** @description The order's total, as a decimal string. */
            amount: string | null;
            /** @enum {string} */
            status: "paid" | "canceled" | "done" | "new";
            platform: string;
            comment: string | null;
            /** @description The payment's transaction id, as text. */
            invoice_id: string | null;
            promotions: components["schemas"]["WebhookPromotion"][];
            promocodes?: {
                code?: string;
                external_id?: string;
            }[];
            coupons?: {
                code?: string;
                external_id?: string;
            }[];
        };
        /** @description Who gets the order: the token's user, or a gift's receiver. */
        WebhookOrderUser: {
            /** @description The user's id in the game (`user.id.value`). */
            external_id: string;
            email?: string;
        };
        /** @description `custom_parameters` of the token, when it had them. */
        WebhookCustomParameters: {
            [key: string]: unknown;
        };
        WebhookSubscription: {
            /** @description The plan: its `external_id`. */
            plan_id: string | number;
            /** @description The subscription's id (as text). */
            subscription_id: string | number;
            /** @description The product the token named. */
            product_id?: string;
            tags?: string[];
            date_create?: string;
            date_next_charge?: string;
            date_end?: string;
            trial?: {
                value: number;
                type: string;
            };
        };
        WebhookSubscriptionUser: {
            id: string;
            name?: string;
            email?: string;
        };
        /** @description The payment of a combined `order_paid`: what the separate variant's `payment` webhook carries. */
        WebhookBillingPaid: {
            /** @constant */
            notification_type: "payment";
            settings?: components["schemas"]["WebhookProjectSettings"];
            purchase: components["schemas"]["WebhookPurchase"];
            user: components["schemas"]["WebhookPaymentUser"];
            transaction: components["schemas"]["WebhookTransaction"];
            payment_details: components["schemas"]["WebhookPaymentDetails"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description The refund of a combined `order_canceled`: what the separate variant's `refund` webhook carries. */
        WebhookBillingCanceled: {
            /** @constant */
            notification_type: "refund";
            settings?: components["schemas"]["WebhookProjectSettings"];
            purchase: components["schemas"]["WebhookPurchase"];
            user: components["schemas"]["WebhookPaymentUser"];
            transaction: components["schemas"]["WebhookTransaction"];
            payment_details: components["schemas"]["WebhookPaymentDetails"];
            refund_details: components["schemas"]["WebhookRefundDetails"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description Asked before any money moves; an answer other than 2xx fails the payment. */
        UserValidationWebhook: {
            /** @constant */
            notification_type: "user_validation";
            settings?: components["schemas"]["WebhookProjectSettings"];
            user: components["schemas"]["WebhookPaymentUser"];
        };
        /** @description A payment (separate variant; a subscription's payments in both). */
        PaymentWebhook: {
            /** @constant */
            notification_type: "payment";
            settings?: components["schemas"]["WebhookProjectSettings"];
            purchase: components["schemas"]["WebhookPurchase"];
            user: components["schemas"]["WebhookPaymentUser"];
            transaction: components["schemas"]["WebhookTransaction"];
            payment_details: components["schemas"]["WebhookPaymentDetails"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description A refunded payment (separate variant; a subscription's in both). */
        RefundWebhook: {
            /** @constant */
            notification_type: "refund";
            settings?: components["schemas"]["WebhookProjectSettings"];
            purchase: components["schemas"]["WebhookPurchase"];
            user: components["schemas"]["WebhookPaymentUser"];
            transaction: components["schemas"]["WebhookTransaction"];
            payment_details: components["schemas"]["WebhookPaymentDetails"];
            refund_details: components["schemas"]["WebhookRefundDetails"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description `order_paid` of the combined variant: the items, and the payment in `billing`. */
        OrderPaidCombinedWebhook: {
            /** @constant */
            notification_type: "order_paid";
            items: components["schemas"]["WebhookItem"][];
            order: components["schemas"]["WebhookOrder"];
            user: components["schemas"]["WebhookOrderUser"];
            billing: components["schemas"]["WebhookBillingPaid"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description `order_paid` of the separate variant: the items (the payment came in `payment`). */
        OrderPaidSeparateWebhook: {
            /** @constant */
            notification_type: "order_paid";
            items: components["schemas"]["WebhookItem"][];
            order: components["schemas"]["WebhookOrder"];
            user: components["schemas"]["WebhookOrderUser"];
            billing?: never;
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description An order was paid: `OrderPaidCombinedWebhook` (the default variant) or `OrderPaidSeparateWebhook`. */
        OrderPaidWebhook: components["schemas"]["OrderPaidCombinedWebhook"] | components["schemas"]["OrderPaidSeparateWebhook"];
        /** @description `order_canceled` of the combined variant: the items, and the refund in `billing`. */
        OrderCanceledCombinedWebhook: {
            /** @constant */
            notification_type: "order_canceled";
            items: components["schemas"]["WebhookItem"][];
            order: components["schemas"]["WebhookOrder"];
            user: components["schemas"]["WebhookOrderUser"];
            billing: components["schemas"]["WebhookBillingCanceled"];
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description `order_canceled` of the separate variant: the items (the refund came in `refund`). */
        OrderCanceledSeparateWebhook: {
            /** @constant */
            notification_type: "order_canceled";
            items: components["schemas"]["WebhookItem"][];
            order: components["schemas"]["WebhookOrder"];
            user: components["schemas"]["WebhookOrderUser"];
            billing?: never;
            custom_parameters?: components["schemas"]["WebhookCustomParameters"];
        };
        /** @description An order was canceled (refunded): `OrderCanceledCombinedWebhook` (the default variant) or `OrderCanceledSeparateWebhook`. */
        OrderCanceledWebhook: components["schemas"]["OrderCanceledCombinedWebhook"] | components["schemas"]["OrderCanceledSeparateWebhook"];
        /** @description A plan was bought (paid, or a trial begun). The same in both variants. */
        CreateSubscriptionWebhook: {
            /** @constant */
            notification_type: "create_subscription";
            settings?: components["schemas"]["WebhookProjectSettings"];
            user: components["schemas"]["WebhookSubscriptionUser"];
            subscription: components["schemas"]["WebhookSubscription"];
            coupon?: {
                coupon_code?: string;
                campaign_code?: string;
            };
        };
        /** @description A subscription renewed or changed. The same in both variants. */
        UpdateSubscriptionWebhook: {
            /** @constant */
            notification_type: "update_subscription";
            settings?: components["schemas"]["WebhookProjectSettings"];
            user: components["schemas"]["WebhookSubscriptionUser"];
            subscription: components["schemas"]["WebhookSubscription"];
            coupon?: {
                coupon_code?: string;
                campaign_code?: string;
            };
        };
        /** @description A subscription ended: refunded, canceled, or expired. The same in both variants. */
        CancelSubscriptionWebhook: {
            /** @constant */
            notification_type: "cancel_subscription";
            settings?: components["schemas"]["WebhookProjectSettings"];
            user: components["schemas"]["WebhookSubscriptionUser"];
            subscription: components["schemas"]["WebhookSubscription"];
            coupon?: {
                coupon_code?: string;
                campaign_code?: string;
            };
        };
    };
    responses: {
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
        /** @description A record with this unique key (`sku`, `external_id`, …) already exists in the project. */
        Conflict: {
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
        /** @description Listed for completeness; a later version of the offline service implements it. */
        NotImplemented: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
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
        /** @description Too many failed logins of this user: 10 within a minute. `Retry-After` says in how many seconds the next login is taken. */
        TooManyRequests: {
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
        /** @description The merchant's user store gave no usable answer: none, a timeout, a redirect, or a 5xx. */
        BadGateway: {
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
        /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
        version: "v1" | "v2";
        /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
        merchant_id: string;
        /** @description Project id: a plain decimal integer (anything else is 404). */
        project_id: string;
        /** @description Package id */
        package_id: string;
        /** @description Virtual item id */
        item_id: string;
        /** @description Item group id */
        group_id: string;
        /** @description User attribute id */
        attribute_id: string;
        /** @description Game delivery entity id */
        game_id: string;
        /** @description Subscription plan id */
        plan_id: string;
        /** @description Subscription product id */
        product_id: string;
        /** @description Subscription id */
        subscription_id: string;
        /** @description Transaction id */
        transaction_id: string;
        /** @description Webhook delivery id (of the log) */
        delivery_id: string;
        /** @description The merchant's user id (a string). */
        user_id: string;
        /** @description Index of the first element, counted from 0. */
        offset: number;
        /** @description Page size: 1 to 100 (more is 422), default 20. */
        limit: number;
        /** @description The Login ID from the merchant console (the Login project's UUID). */
        projectId: string;
        /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
        login_url: string;
    };
    requestBodies: never;
    headers: {
        /** @description How many records the list has in all, whatever the page. */
        "X-Total-Count": number;
        /** @description The id of this request (the error body's `request_id`). */
        "X-Request-Id": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenAnswer"];
                };
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
    listProjects: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The projects, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"][];
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
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectCreate"];
            };
        };
        responses: {
            /** @description `{id: <project_id>}` */
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
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project: its create fields plus `id` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
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
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProjectWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getVirtualCurrency: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Virtual currency record with packages grouped by currency */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VirtualCurrency"];
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
    updateVirtualCurrency: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VirtualCurrencyUpdate"];
            };
        };
        responses: {
            /** @description Updated */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    createPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VirtualCurrencyPackageCreate"];
            };
        };
        responses: {
            /** @description `{id}` of the new package */
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Package id */
                package_id: components["parameters"]["package_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Package record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VirtualCurrencyPackage"];
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
    updatePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Package id */
                package_id: components["parameters"]["package_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VirtualCurrencyPackageWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
    deletePackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Package id */
                package_id: components["parameters"]["package_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listItems: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
                /** @description Only items purchasable for that kind of currency: `virtual_currency`, those with a `virtual_currency_price`; `real_currency`, those with a price in `prices`. Disabled items are listed too (with `enabled` false). */
                has_price?: "virtual_currency" | "real_currency";
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of item list entries, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VirtualItemListEntry"][];
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
    createItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VirtualItemCreate"];
            };
        };
        responses: {
            /** @description `{id}` of the new item */
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Virtual item id */
                item_id: components["parameters"]["item_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VirtualItem"];
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
    updateItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Virtual item id */
                item_id: components["parameters"]["item_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VirtualItemWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
    deleteItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Virtual item id */
                item_id: components["parameters"]["item_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The groups, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemGroup"][];
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
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ItemGroupCreate"];
            };
        };
        responses: {
            /** @description `{id}` of the new group */
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Item group id */
                group_id: components["parameters"]["group_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemGroup"];
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
    updateGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Item group id */
                group_id: components["parameters"]["group_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ItemGroupWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Item group id */
                group_id: components["parameters"]["group_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listUserAttributes: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of user attribute records */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAttribute"][];
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
    createUserAttribute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserAttributeCreate"];
            };
        };
        responses: {
            /** @description `{id}` of the new attribute */
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getUserAttribute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description User attribute id */
                attribute_id: components["parameters"]["attribute_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attribute */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserAttribute"];
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
    updateUserAttribute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description User attribute id */
                attribute_id: components["parameters"]["attribute_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserAttributeWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
    deleteUserAttribute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description User attribute id */
                attribute_id: components["parameters"]["attribute_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listGames: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The games, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameDelivery"][];
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
    createGame: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GameDeliveryCreate"];
            };
        };
        responses: {
            /** @description `{id}` of the new game */
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
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getGame: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Game delivery entity id */
                game_id: components["parameters"]["game_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The game, with `drm[].codes` counting its keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GameDelivery"];
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
    updateGame: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Game delivery entity id */
                game_id: components["parameters"]["game_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GameDeliveryWrite"];
            };
        };
        responses: {
            /** @description Updated */
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
    deleteGame: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Game delivery entity id */
                game_id: components["parameters"]["game_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listPlansV1: {
        parameters: {
            query?: {
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
            /** @description The plans, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV1"][];
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
    createPlanV1: {
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
                "application/json": components["schemas"]["PlanWriteV1"];
            };
        };
        responses: {
            /** @description `{external_id, plan_id}` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getPlanV1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV1"];
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
    updatePlanV1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanWriteV1"];
            };
        };
        responses: {
            /** @description Updated (the v1 response is not shown by the spec) */
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
    deletePlanV1: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan, `status.value` `deleted` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV1"];
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
    listPlansV2: {
        parameters: {
            query?: {
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
            /** @description The plans, id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV2"][];
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
    createPlanV2: {
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
                "application/json": components["schemas"]["PlanWriteV2"];
            };
        };
        responses: {
            /** @description `{external_id, plan_id}` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getPlanV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV2"];
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
    updatePlanV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlanWriteV2"];
            };
        };
        responses: {
            /** @description The plan object */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV2"];
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
    deletePlanV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription plan id */
                plan_id: components["parameters"]["plan_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan, `status.value` `deleted` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanV2"];
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
    listProducts: {
        parameters: {
            query?: {
                group_id?: string;
                product_id?: number;
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of products */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"][];
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
    createProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductWrite"];
            };
        };
        responses: {
            /** @description `{product_id}` */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductCreated"];
                };
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
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription product id */
                product_id: components["parameters"]["product_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductWrite"];
            };
        };
        responses: {
            /** @description `{description, group_id, id, name}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Product"];
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
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription product id */
                product_id: components["parameters"]["product_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (the body is not shown by the spec) */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listSubscriptionPayments: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of payment entries */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionPayment"][];
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
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description Subscription id */
                subscription_id: components["parameters"]["subscription_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Subscription object */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Subscription"];
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
    updateUserSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description The merchant's user id (a string). */
                user_id: components["parameters"]["user_id"];
                /** @description Subscription id */
                subscription_id: components["parameters"]["subscription_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserSubscriptionUpdate"];
            };
        };
        responses: {
            /** @description Updated (the body is not shown by the spec) */
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
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `{data, recordsTotal}`, user_id ascending */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
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
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The user record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyWrongKeys"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description The merchant's user id (a string). */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description User record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
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
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
                /** @description The merchant's user id (a string). */
                user_id: components["parameters"]["user_id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserUpdate"];
            };
        };
        responses: {
            /** @description Updated (the body is not shown by the spec) */
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
    listUserVirtualItemsTotal: {
        parameters: {
            query?: {
                /** @description Only this user. */
                user_id?: string;
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Project id: a plain decimal integer (anything else is 404). */
                project_id: components["parameters"]["project_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of {user_id, virtual_items} */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserVirtualItemsTotal"][];
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
    listUserTransactions: {
        parameters: {
            query: {
                project_id?: number;
                user_id: string;
                datetime_from: string;
                datetime_to: string;
                transaction_type?: "payment" | "coupon" | "inGamePurchase" | "internal" | "cancellation";
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of user transaction entries */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTransaction"][];
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
    searchTransactions: {
        parameters: {
            query?: {
                datetime_from?: string;
                datetime_to?: string;
                project_id?: number;
                /** @description Include test transactions */
                show_dry_run?: boolean;
                transaction_id?: number;
                /** @description International format; matched by its digits */
                phone?: string;
                user_id?: string;
                /** @description A part of the name, any case */
                user_name?: string;
                /** @description A part of the user record's `user_custom`, any case */
                user_custom?: string;
                /** @description The whole address, any case */
                email?: string;
                external_id?: string;
                /** @description Index of the first element, counted from 0. */
                offset?: components["parameters"]["offset"];
                /** @description Page size: 1 to 100 (more is 422), default 20. */
                limit?: components["parameters"]["limit"];
                transaction_type?: "payment" | "coupon" | "inGamePurchase" | "internal" | "cancellation";
                status?: "created" | "processing" | "done" | "canceled" | "error" | "review" | "refunded" | "awaitingRefund";
            };
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
                format: "json" | "csv" | "xls";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Array of report transaction entries (`json`), or the same rows as a CSV or XLS file. */
            200: {
                headers: {
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportTransaction"][];
                    "text/csv": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
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
    getTransactionDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description API version. Every operation answers under both with the same shape, except where the spec shows a difference (`billing_retry` in v1 only). */
                version: components["parameters"]["version"];
                /** @description Merchant id: a plain decimal integer (anything else is 404); another merchant's id is 403. */
                merchant_id: components["parameters"]["merchant_id"];
                /** @description Transaction id */
                transaction_id: components["parameters"]["transaction_id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Full transaction information */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionDetails"];
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
    loginRegister: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRegisterBody"];
            };
        };
        responses: {
            /** @description Registered (the answer is not shown by the spec) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["RaceLost"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    login: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBody"];
            };
        };
        responses: {
            /** @description `{login_url}`: an address to redirect to, carrying `token` and `remember_me` query parameters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    proxyRegister: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRegisterBody"];
            };
        };
        responses: {
            /** @description Registered */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            502: components["responses"]["BadGateway"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    proxyLogin: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBody"];
            };
        };
        responses: {
            /** @description `{login_url}` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            502: components["responses"]["BadGateway"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    proxyPasswordReset: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetBody"];
            };
        };
        responses: {
            /** @description A reset link was sent */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            502: components["responses"]["BadGateway"];
            default: components["responses"]["FaultAnswer"];
        };
    };
    passwordReset: {
        parameters: {
            query: {
                /** @description The Login ID from the merchant console (the Login project's UUID). */
                projectId: components["parameters"]["projectId"];
                /** @description Address used to build the link and to redirect the user; must equal a callback address set in the Login settings; required when several callback addresses exist. */
                login_url?: components["parameters"]["login_url"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetBody"];
            };
        };
        responses: {
            /** @description A reset link was sent */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["MisdirectedRequest"];
            422: components["responses"]["UnprocessableEntity"];
            default: components["responses"]["FaultAnswer"];
        };
    };
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
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};

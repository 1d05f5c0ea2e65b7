export const SOURCE: string;
export const TARGET: string;
/** The text of src/server/api-types.ts for this description (mock/spec/openapi.json when none is given). */
export function renderApiTypes(document?: object): Promise<string>;
export const CLIENT_TARGET: string;
/** The text of mock/client-types.d.ts (payui-mock's typed client of the /mock/ additions) for this description. */
export function renderClientTypes(document?: object): Promise<string>;
/** The document with only the offline service's own operations and the components they reach. */
export function offlineOnly(document: object): object;

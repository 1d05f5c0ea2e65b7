export const SOURCE: string;
export const TARGET: string;
/** The text of src/server/api-types.ts for this description (mock/spec/openapi.json when none is given). */
export function renderApiTypes(document?: object): Promise<string>;

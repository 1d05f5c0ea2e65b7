/** Where the offline world answers unless told otherwise (DESIGN.md §8's table; each port overridable by environment). */
export const DEFAULT_PORTS = { demo: 5173, merchantApi: 5174, liveUi: 5175, sandboxUi: 5176 } as const;

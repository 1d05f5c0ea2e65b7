/**
 * `payui-mock` from code (DESIGN.md §8b): the offline payment service started and stopped by a
 * merchant's own test suite. The declarations are written here, by hand, and the implementation
 * (mock/start.ts) is typed by them, so the two cannot drift (test/types/payui-mock.ts).
 */

export interface PayuiMockOptions {
  /** Where the state is kept; absent: in memory, gone after `stop()`, nothing written anywhere. */
  dataDir?: string;
  /**
   * A Postgres server's database to keep the state in instead (`postgres://user:password@host/db`,
   * an empty database the role owns: its schema is made). Several services may share one.
   */
  databaseUrl?: string;
  /** Ports of the three servers; absent or 0: a free port the system chooses. */
  ports?: { merchantApi?: number; live?: number; sandbox?: number };
  /** Webhook settings of the demo projects from the start (the merchant API can change them). */
  webhook?: { url: string; secret?: string; variant?: 'combined' | 'separate' };
  /** Where the service's lines go: `true` the console; a function takes each line. Default: nothing is printed. */
  log?: boolean | ((line: string) => void);
}

export interface PayuiMock {
  /** The merchant API's origin, e.g. `http://localhost:41234` (the Login API and the console too). */
  merchantApiUrl: string;
  /** The payment UI's live address, e.g. `http://localhost:41235/`. */
  liveUrl: string;
  /** The payment UI's sandbox address. */
  sandboxUrl: string;
  /** The demo merchant: Basic credentials `merchantId:apiKey` and its projects. */
  merchant: { merchantId: number; apiKey: string; projectIds: number[] };
  /** Ends every server and closes the database; resolves when done. A second call does nothing more. */
  stop(): Promise<void>;
}

/** Starts the offline service: resolves once every server answers. */
export declare function startPayuiMock(options?: PayuiMockOptions): Promise<PayuiMock>;

/** The offline world the browser tests run against: `npm start`'s servers on their default ports. */
export const world = {
  demo: 'http://localhost:5173',
  merchantApi: 'http://localhost:5174',
  live: 'http://localhost:5175',
  sandbox: 'http://localhost:5176',
};

// One payui-mock for the whole run; each test file makes a sandbox of its own in it.
import type { TestProject } from 'vitest/node';
import { startPayuiMock } from 'payui-mock';

// #region setup
export default async function setup(project: TestProject) {
  const mock = await startPayuiMock();
  project.provide('payuiMockUrl', mock.merchantApiUrl);
  project.provide('payuiSandboxUiUrl', mock.sandboxUrl);  // the payment UI, for browser tests
  return () => mock.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    payuiMockUrl: string;
    payuiSandboxUiUrl: string;
  }
}
// #endregion setup

/** Replaced at build time (see vite.config.ts); package.json is the one source of the version. */
declare const __PAYUI_VERSION__: string;
/** Deployment configuration: base addresses of the live and sandbox payment UI. */
declare const __PAYUI_LIVE_URL__: string;
declare const __PAYUI_SANDBOX_URL__: string;

declare module '*.css?inline' {
  const css: string;
  export default css;
}

declare module '*?url' {
  const url: string;
  export default url;
}

/** Addresses the service calls (webhook listeners, user stores): HTTPS anywhere, plain HTTP to loopback only. */

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

export const isSecureOrLoopback = (url: URL): boolean => url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));

/** What an address that is neither must be, said at its field. */
export const SECURE_OR_LOOPBACK = 'must be an https address, or http to a loopback address (localhost, 127.0.0.1, [::1])';

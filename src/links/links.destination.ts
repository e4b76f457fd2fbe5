// The URL and scheme rules of every owner-set URL are the kernel's (kernel/url-destination.ts):
// accounts and sessions use them too, and may not import a capability. Links keeps this name.
export * from '../kernel/url-destination.js';

// The refused-scheme list lives in the kernel (kernel/refused-schemes.ts) beside the URL rules that use it.
export * from '../kernel/refused-schemes.js';

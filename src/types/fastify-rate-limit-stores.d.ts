// @fastify/rate-limit ships no types for its store modules; we only construct them and call incr.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => {
    incr(key: string, cb: unknown, timeWindow: number, max: number): void;
  };
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: unknown, nameSpace?: string) => {
    incr(key: string, cb: unknown, timeWindow: number, max: number): void;
  };
  export default RedisStore;
}

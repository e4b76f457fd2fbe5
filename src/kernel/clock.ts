/** Injected into services so tests can move time (expiry, claim windows). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export const iso = (clock: Clock): string => clock.now().toISOString();

/** The current time, injected so caches and time rules can be tested. */
export interface Clock {
  now(): Date;
}

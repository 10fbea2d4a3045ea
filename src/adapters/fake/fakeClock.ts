import type { Clock } from "../../application/ports/clock";

/** A clock that moves only when told. */
export class FakeClock implements Clock {
  private current: Date;

  constructor(start: Date = new Date("2025-01-01T00:00:00Z")) {
    this.current = new Date(start.getTime());
  }

  now(): Date {
    return new Date(this.current.getTime());
  }

  set(date: Date): this {
    this.current = new Date(date.getTime());
    return this;
  }

  advance(ms: number): this {
    this.current = new Date(this.current.getTime() + ms);
    return this;
  }
}

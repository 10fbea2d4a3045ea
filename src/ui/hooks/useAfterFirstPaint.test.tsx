// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver whose paint entries the test delivers. */
class FakePaintObserver {
  static supportedEntryTypes = ["paint", "largest-contentful-paint"];
  static observers: FakePaintObserver[] = [];
  observed = false;
  disconnected = false;
  constructor(private readonly callback: Callback) {
    FakePaintObserver.observers.push(this);
  }
  observe(options: { type: string; buffered?: boolean }): void {
    expect(options).toEqual({ type: "paint", buffered: true });
    this.observed = true;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  deliver(names: string[]): void {
    this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
  }
}

/** A fresh copy of the module: "painted" is remembered per page load. */
async function freshHook(): Promise<() => boolean> {
  vi.resetModules();
  return (await import("./useAfterFirstPaint")).useAfterFirstPaint;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.observers = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useAfterFirstPaint", () => {
  it("is false until the browser reports its first contentful paint, then true", async () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const useAfterFirstPaint = await freshHook();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    const [observer] = FakePaintObserver.observers;
    expect(observer?.observed).toBe(true);
    act(() => observer?.deliver(["first-paint"]));
    expect(result.current).toBe(false);
    act(() => observer?.deliver(["first-contentful-paint"]));
    expect(result.current).toBe(true);
    expect(observer?.disconnected).toBe(true);
  });

  it("starts true once the page has painted (a page shown again does not wait)", async () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const useAfterFirstPaint = await freshHook();
    const first = renderHook(() => useAfterFirstPaint());
    act(() => FakePaintObserver.observers[0]?.deliver(["first-contentful-paint"]));
    first.unmount();
    const again = renderHook(() => useAfterFirstPaint());
    expect(again.result.current).toBe(true);
    expect(FakePaintObserver.observers).toHaveLength(1);
  });

  it("goes ahead after 3 s when no paint is reported (a tab opened in the background)", async () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const useAfterFirstPaint = await freshHook();
    const { result } = renderHook(() => useAfterFirstPaint());
    act(() => vi.advanceTimersByTime(2_999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    expect(FakePaintObserver.observers[0]?.disconnected).toBe(true);
  });

  it("stops watching when unmounted first", async () => {
    vi.stubGlobal("PerformanceObserver", FakePaintObserver);
    const useAfterFirstPaint = await freshHook();
    const { unmount } = renderHook(() => useAfterFirstPaint());
    unmount();
    expect(FakePaintObserver.observers[0]?.disconnected).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("without paint timing, turns true on the next task", async () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const useAfterFirstPaint = await freshHook();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(0));
    expect(result.current).toBe(true);
  });
});

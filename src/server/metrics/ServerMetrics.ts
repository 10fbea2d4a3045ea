import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from "prom-client";

type Config<C> = Omit<C, "registers">;

/**
 * This instance's Prometheus metrics (prom-client): one registry, on which any part of the server
 * registers its own counters, gauges and histograms (`metrics.counter({ name, help, labelNames })`).
 * Asking again for a name gives the metric already registered (two routes sharing a counter, or an
 * app created twice in a test), never a "metric already registered" crash. Label values must come
 * from a bounded set (route patterns, a chain id from the configuration, an outcome): never a client
 * address, a raw path or anything a client chose.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly scrapeHooks: Array<() => void> = [];

  /** `processMetrics`: prom-client's default process metrics (CPU, memory, event-loop lag, GC). */
  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: "poo_" });
  }

  counter<L extends string>(config: Config<CounterConfiguration<L>>): Counter<L> {
    return this.existing(config.name, Counter) ?? new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Config<GaugeConfiguration<L>>): Gauge<L> {
    return this.existing(config.name, Gauge) ?? new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Config<HistogramConfiguration<L>>): Histogram<L> {
    return this.existing(config.name, Histogram) ?? new Histogram({ ...config, registers: [this.registry] });
  }

  /** Runs before each scrape: for values read from elsewhere at that moment (a state held in memory). */
  onScrape(hook: () => void): void {
    this.scrapeHooks.push(hook);
  }

  /** The exposition text a Prometheus scrape reads, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    for (const hook of this.scrapeHooks) hook();
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  private existing<M>(name: string, kind: abstract new (...args: never[]) => M): M | undefined {
    const metric = this.registry.getSingleMetric(name);
    if (metric === undefined) return undefined;
    if (!(metric instanceof kind)) throw new Error(`Metric ${name} is already registered as another kind.`);
    return metric;
  }
}

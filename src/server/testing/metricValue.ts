import type { ServerMetrics } from "../metrics/ServerMetrics";

/**
 * The value of one series of a metric with exactly these labels: a counter's count, a gauge's value,
 * or a histogram's `<name>_count` / `<name>_sum`. 0 when the series has not been written yet.
 */
export async function metricValue(
  metrics: ServerMetrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const histogramSeries = /^(.*)_(count|sum)$/.exec(name);
  const metric =
    metrics.registry.getSingleMetric(name) ??
    (histogramSeries?.[1] === undefined ? undefined : metrics.registry.getSingleMetric(histogramSeries[1]));
  if (metric === undefined) throw new Error(`No metric ${name} is registered.`);
  const wanted = Object.entries(labels);
  // Histograms name each series (name_bucket, name_sum, name_count); counters and gauges do not.
  const values: { value: number; labels: object; metricName?: string }[] = (await metric.get()).values;
  const series = values.find(
    (value) =>
      (value.metricName === undefined || value.metricName === name) &&
      Object.keys(value.labels).length === wanted.length &&
      wanted.every(([key, label]) => String((value.labels as Record<string, unknown>)[key]) === label),
  );
  return series?.value ?? 0;
}

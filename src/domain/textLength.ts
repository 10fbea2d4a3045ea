let segmenter: Intl.Segmenter | undefined;

/**
 * Length in user-perceived characters (extended grapheme clusters, UAX #29, as Intl.Segmenter finds
 * them): "é" written as e + U+0301, "👩‍🚀" and "क्ष" each count as one, as a reader counts them.
 */
export function textLength(text: string): number {
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  let count = 0;
  for (const _segment of segmenter.segment(text)) count += 1;
  return count;
}

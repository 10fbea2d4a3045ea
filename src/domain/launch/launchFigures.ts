// Display text of the launch card's figures (sample data in whole units of billions, thousands, percent).

function plain(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toFixed(4))) : "\u2014";
}

/** 250 -> "250B". */
export function billionsText(billions: number): string {
  return `${plain(billions)}B`;
}

/** 20 -> "20K". */
export function thousandsText(thousands: number): string {
  return `${plain(thousands)}K`;
}

/** 8 -> "8%". */
export function percentText(percent: number): string {
  return `${plain(percent)}%`;
}

/** 60 -> "60 ETH", 0.01 -> "0.01 ETH". */
export function ethText(eth: number): string {
  return `${plain(eth)} ETH`;
}

/** A tokenomics value with its unit: 30 "%" -> "30%", 5 "M" -> "5 M". */
export function unitText(value: number, unit: string): string {
  if (unit === "" || unit === "%") return `${plain(value)}${unit}`;
  return `${plain(value)} ${unit}`;
}

/** 30 -> "30 days", 1 -> "1 day", 0 -> "None". */
export function vestingText(days: number): string {
  if (days === 0) return "None";
  return `${days} day${days === 1 ? "" : "s"}`;
}

/** "0.01 to 2 ETH". */
export function contributionText(minEth: number, maxEth: number): string {
  return `${plain(minEth)} to ${plain(maxEth)} ETH`;
}

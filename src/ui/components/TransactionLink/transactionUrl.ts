/** `${explorerUrl}/tx/${hash}`, tolerating a trailing slash on the configured explorer URL. */
export function transactionUrl(explorerUrl: string, hash: string): string {
  return `${explorerUrl.replace(/\/+$/, "")}/tx/${hash}`;
}

/**
 * Whether a wallet's EIP-5792 status of a batch is final enough to check on the chain: 1xx (pending)
 * never is; 2xx (confirmed) only with at least one receipt to check, since a wallet's word alone is
 * never a success (the receipts may come with a later answer); 3xx and up (400 not included, 500
 * reverted, 600 partially reverted, and codes EIP-5792 does not define) always are. Until it is, the
 * batch is waited for, within the wait's own limit.
 */
export function walletBatchSettled(statusCode: number, receiptCount: number): boolean {
  if (statusCode >= 300) return true;
  return statusCode >= 200 && receiptCount > 0;
}

/**
 * The current POO price in US dollars from the market-data service (through the app's own API,
 * which holds the key). Rejects with a domain error (PriceUnavailableError, RpcUnavailableError,
 * RequestTimeoutError) when there is no price; never resolves with a made-up 0.
 */
export interface PriceSource {
  getPooUsdPrice(): Promise<number>;
}

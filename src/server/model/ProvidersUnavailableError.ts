/** No provider of the chain answered (each refused, failed or timed out). Its message holds no URL. */
export class ProvidersUnavailableError extends Error {
  override readonly name = "ProvidersUnavailableError";

  constructor(readonly chainId: number) {
    super(`No provider of chain ${chainId} answered.`);
  }
}

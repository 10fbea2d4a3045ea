import { getPublicClient, type Config } from "@wagmi/core";
import type { PublicClient } from "viem";
import { WrongChainError } from "../../domain/errors/wrongChainError";

/** The app's own RPC client for `chainId`; throws WrongChainError when the configuration has none. */
export function publicClientOn(config: Config, chainId: number): PublicClient {
  const client = getPublicClient(config, { chainId }) as PublicClient | undefined;
  if (!client) throw new WrongChainError({ actualChainId: chainId });
  return client;
}

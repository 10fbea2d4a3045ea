/** A network the wallet knows, in the shape of EIP-3085's `wallet_addEthereumChain` parameter. */
export interface WalletChain {
  readonly chainId: number;
  readonly chainName: string;
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number };
  readonly rpcUrls: readonly string[];
  readonly blockExplorerUrls: readonly string[];
}

const ether = { name: "Ether", symbol: "ETH", decimals: 18 } as const;

/**
 * The networks a fresh wallet knows: the local chain, plus Ethereum and Sepolia as real wallets ship
 * them. Whatever the chain, the test wallet sends reads to the local node (see TestWalletController).
 */
export function defaultWalletChains(localRpcUrl: string, localChainId: number): WalletChain[] {
  return [
    {
      chainId: localChainId,
      chainName: "Hardhat",
      nativeCurrency: ether,
      rpcUrls: [localRpcUrl],
      blockExplorerUrls: [],
    },
    {
      chainId: 1,
      chainName: "Ethereum",
      nativeCurrency: ether,
      rpcUrls: ["https://eth.merkle.io"],
      blockExplorerUrls: ["https://etherscan.io"],
    },
    {
      chainId: 11_155_111,
      chainName: "Sepolia",
      nativeCurrency: { name: "Sepolia Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["https://sepolia.drpc.org"],
      blockExplorerUrls: ["https://sepolia.etherscan.io"],
    },
  ];
}

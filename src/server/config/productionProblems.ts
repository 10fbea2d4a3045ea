import { hardhat } from "viem/chains";
import { isLoopbackUrl } from "../../domain/isLoopbackUrl";
import type { ParsedVariables } from "./parseServerConfig";
import { trustedProxyProblems } from "./trustedProxyProblems";

const LOCAL_TEST_HINT = "or set ALLOW_LOCAL_CHAIN=true for a test deployment on this machine";

export type ProductionCheckInput = {
  /** Whether the variable is set to something other than blank. */
  isSet: (name: string) => boolean;
  values: ParsedVariables;
  rpcUrls: Readonly<Record<number, readonly string[]>>;
  /** The variable each RPC URL came from (CHAIN_RPC_URL_<id> or CHAIN_RPC_URLS). */
  rpcSources: Readonly<Record<number, string>>;
  /** Problems found so far: a variable already refused is not refused twice. */
  earlierProblems: readonly string[];
};

/**
 * What production refuses, one line per problem, each naming its variable and what to set: a
 * misdeployed server would otherwise decide eligibility on a made-up price, sign sessions with a
 * random secret, or accept the development origins and the local chain with its public keys.
 */
export function productionProblems({
  isSet,
  values,
  rpcUrls,
  rpcSources,
  earlierProblems,
}: ProductionCheckInput): string[] {
  const problems: string[] = [];
  const refusedAlready = (name: string) => earlierProblems.some((problem) => problem.startsWith(`${name}:`));

  if (values.CMC_API_KEY === undefined && !refusedAlready("CMC_API_KEY")) {
    problems.push(
      "CMC_API_KEY: required when NODE_ENV is production (eligibility must not be decided on a made-up price)",
    );
  }
  if (isSet("DEV_POO_PRICE_USD")) {
    problems.push("DEV_POO_PRICE_USD: must not be set when NODE_ENV is production (development price)");
  }
  if (values.SEED_SAMPLE_PRICE_HISTORY) {
    problems.push("SEED_SAMPLE_PRICE_HISTORY: must not be true when NODE_ENV is production (made-up prices)");
  }
  problems.push(...trustedProxyProblems(isSet("TRUSTED_PROXIES"), values, refusedAlready("TRUSTED_PROXIES")));

  // The development defaults (the local web origins, chain 31337) must never apply by omission.
  if (!isSet("SIWE_ALLOWED_ORIGINS")) {
    problems.push(
      "SIWE_ALLOWED_ORIGINS: required when NODE_ENV is production (the site's public origin, e.g. https://poo.finance)",
    );
  }
  if (!isSet("SIWE_ALLOWED_CHAIN_IDS")) {
    problems.push(
      "SIWE_ALLOWED_CHAIN_IDS: required when NODE_ENV is production (the chains the site offers, e.g. 11155111)",
    );
  }

  if (!values.ALLOW_LOCAL_CHAIN) {
    if (isSet("SIWE_ALLOWED_ORIGINS")) {
      for (const origin of values.SIWE_ALLOWED_ORIGINS ?? []) {
        if (!isLoopbackUrl(origin)) continue;
        problems.push(
          `SIWE_ALLOWED_ORIGINS: ${origin} is on this machine (loopback); list the site's public origin (e.g. https://poo.finance), ${LOCAL_TEST_HINT}`,
        );
      }
    }
    if (isSet("SIWE_ALLOWED_CHAIN_IDS") && values.SIWE_ALLOWED_CHAIN_IDS?.includes(hardhat.id)) {
      problems.push(
        `SIWE_ALLOWED_CHAIN_IDS: ${hardhat.id} is the local Hardhat chain, whose keys are public; list public chains only (e.g. 11155111), ${LOCAL_TEST_HINT}`,
      );
    }
    for (const [chainId, url] of Object.entries(rpcUrls).flatMap(([id, urls]) =>
      urls.map((each) => [id, each] as const),
    )) {
      if (!url.startsWith("http:") || isLoopbackUrl(url)) continue;
      // The host only: the rest of an RPC URL often holds the provider's key.
      problems.push(
        `${rpcSources[Number(chainId)] ?? `CHAIN_RPC_URL_${chainId}`}: plain http to ${new URL(url).host} (another machine) is readable and changeable on the way; use an https:// URL, ${LOCAL_TEST_HINT}`,
      );
    }
  }

  const cmcApiUrl = values.CMC_API_URL;
  if (cmcApiUrl?.startsWith("http:") && !isLoopbackUrl(cmcApiUrl)) {
    problems.push(
      `CMC_API_URL: plain http to ${new URL(cmcApiUrl).host} would send the API key unencrypted; use an https:// URL`,
    );
  }
  return problems;
}

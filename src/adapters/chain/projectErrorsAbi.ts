import { crapTokenAbi, pooTokenAbi, referenceStakingAbi, stakingAbi } from "./abis.generated";

/**
 * Every custom error the project's contracts declare. A stake can revert inside the POO token
 * (ERC20InsufficientAllowance), whose errors are not in the staking ABI the call was made with.
 */
export const projectErrorsAbi = [
  ...stakingAbi,
  ...pooTokenAbi,
  ...crapTokenAbi,
  ...referenceStakingAbi,
].filter((item) => item.type === "error");

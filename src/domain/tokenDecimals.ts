/** POO and CRAP both use 18 decimals: 1 token = 10^18 base units. */
export const TOKEN_DECIMALS = 18;

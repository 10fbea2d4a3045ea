/** What a host sends for the build's content-hashed files (`/assets/*`): they never change. */
export const IMMUTABLE_ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** When this page load started; data older than this came from the persisted cache. */
export const SESSION_STARTED_AT: number = Date.now();

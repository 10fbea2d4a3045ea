import { readCmcFixture } from "./recordedFetch";
import { startFakeHttpService, type FakeHttpService } from "./fakeHttpService";

/** The recorded quote's own time, which each answer replaces with the time it is sent. */
const RECORDED_AT = /"last_updated": "[^"]+"/g;

/**
 * A CoinMarketCap stand-in on 127.0.0.1 for the stacks that run the server as production does: every
 * request is answered with the recorded latest-quotes body (cmc-v2-quotes-slug-200.json), its
 * `last_updated` set to the moment of the answer, as a live quote is. A quote with the recording's own
 * date would be older than the eligibility price's maximum age, and no registration could be decided.
 */
export function startCmcStandIn(): Promise<FakeHttpService> {
  const recorded = readCmcFixture("cmc-v2-quotes-slug-200.json");
  return startFakeHttpService((_request, _body, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(recorded.replace(RECORDED_AT, `"last_updated": "${new Date().toISOString()}"`));
  });
}

import type { LaunchpadGateway, WhitelistRegistrationSaved } from "../../application/ports/launchpadGateway";
import type { Address } from "../../domain/address";
import type { LaunchApplication } from "../../domain/launch/launchApplication";
import { LaunchpadRequestError } from "../../domain/launch/launchpadRequestError";
import type { WhitelistRegistration } from "../../domain/launch/whitelistRegistration";

export type FakeLaunchpadCall =
  | { readonly method: "register"; readonly launchId: string; readonly amountWei: bigint }
  | { readonly method: "getRegistration"; readonly launchId: string }
  | { readonly method: "submitApplication"; readonly application: LaunchApplication };

export interface FakeLaunchpadOptions {
  /** The signed-in wallet; null means no session (every call is refused with "sign-in-required"). */
  readonly account: Address | null;
  readonly chainId?: number;
  readonly now?: () => Date;
}

/**
 * In-memory launchpad service: registrations per launch for the signed-in account, applications in
 * a list. Sign in and out with signInAs / signOut; queue a failure with failNext.
 */
export class FakeLaunchpadGateway implements LaunchpadGateway {
  readonly calls: FakeLaunchpadCall[] = [];
  readonly applications: LaunchApplication[] = [];
  private readonly registrations = new Map<string, WhitelistRegistration>();
  private readonly failures = new Map<FakeLaunchpadCall["method"], unknown>();
  private account: Address | null;
  private readonly chainId: number;
  private readonly now: () => Date;

  constructor(options: FakeLaunchpadOptions) {
    this.account = options.account;
    this.chainId = options.chainId ?? 31337;
    this.now = options.now ?? (() => new Date());
  }

  signInAs(account: Address): this {
    this.account = account;
    return this;
  }

  signOut(): this {
    this.account = null;
    return this;
  }

  /** The next call of `method` rejects with `error` (then behaves normally again). */
  failNext(method: FakeLaunchpadCall["method"], error: unknown): this {
    this.failures.set(method, error);
    return this;
  }

  async register(launchId: string, amountWei: bigint): Promise<WhitelistRegistrationSaved> {
    this.calls.push({ method: "register", launchId, amountWei });
    const account = this.session("register");
    const existing = this.registrations.get(this.key(launchId, account));
    const at = this.now();
    const registration: WhitelistRegistration = {
      launchId,
      address: account,
      chainId: this.chainId,
      amountWei,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
      standing: "eligible",
      lastCheck: null,
    };
    this.registrations.set(this.key(launchId, account), registration);
    return { registration, created: existing === undefined };
  }

  async getRegistration(launchId: string): Promise<WhitelistRegistration | null> {
    this.calls.push({ method: "getRegistration", launchId });
    const account = this.session("getRegistration");
    return this.registrations.get(this.key(launchId, account)) ?? null;
  }

  async submitApplication(application: LaunchApplication): Promise<{ readonly id: string }> {
    this.calls.push({ method: "submitApplication", application });
    this.session("submitApplication");
    this.applications.push(application);
    return { id: `application-${this.applications.length}` };
  }

  private session(method: FakeLaunchpadCall["method"]): Address {
    if (this.failures.has(method)) {
      const error = this.failures.get(method);
      this.failures.delete(method);
      throw error;
    }
    if (this.account === null) {
      throw new LaunchpadRequestError("sign-in-required", "Sign in with your wallet first.");
    }
    return this.account;
  }

  private key(launchId: string, account: Address): string {
    return `${launchId}:${this.chainId}:${account.toLowerCase()}`;
  }
}

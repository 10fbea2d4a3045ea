import { useId, type ReactNode } from "react";
import { useWatchToken, type WatchableToken } from "./useWatchToken";
import type { DomainError } from "../../../domain/errors/domainError";
import { Button } from "../../components/Button/Button";
import { Icon } from "../../components/Icon";
import styles from "./AddTokenToWallet.module.css";

/** Icons in public/; wallets fetch the image themselves, so they get an absolute URL. */
const TOKEN_IMAGES: Record<WatchableToken, string> = { POO: "/poo-logo.svg", CRAP: "/crap-logo.svg" };

export function tokenImageUrl(token: WatchableToken, origin: string): string {
  return new URL(TOKEN_IMAGES[token], origin).href;
}

/** What the control says after the wallet answered. */
export function watchOutcomeText(
  token: WatchableToken,
  outcome: { added: boolean } | { error: DomainError },
): string {
  if ("added" in outcome)
    return outcome.added ? `${token} is in your wallet.` : `Your wallet did not add ${token}.`;
  return outcome.error.kind === "user-rejected"
    ? outcome.error.shortMessage
    : `Your wallet could not add ${token}. ${outcome.error.shortMessage}`;
}

/** "Add POO to wallet" / "Add CRAP to wallet": asks the wallet to list the token. */
export function AddTokenToWallet({
  token,
  disabled,
}: {
  token: WatchableToken;
  disabled: boolean;
}): ReactNode {
  const watch = useWatchToken();
  const statusId = useId();
  const status = watch.isSuccess
    ? watchOutcomeText(token, { added: watch.data })
    : watch.isError
      ? watchOutcomeText(token, { error: watch.error })
      : undefined;
  return (
    <span className={styles.root}>
      <Button
        variant="ghost"
        className={styles.button}
        disabled={disabled || watch.isPending}
        onClick={() => watch.mutate({ token, imageUrl: tokenImageUrl(token, window.location.origin) })}
        aria-describedby={status ? statusId : undefined}
      >
        <Icon name="plus" size={16} />
        Add {token} to wallet
      </Button>
      <span id={statusId} role="status" className={watch.isError ? styles.error : styles.status}>
        {status}
      </span>
    </span>
  );
}

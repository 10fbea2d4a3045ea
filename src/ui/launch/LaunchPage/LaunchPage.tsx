import { useState, type ReactNode } from "react";
import { useLaunchCatalogue } from "../useLaunchCatalogue";
import { useWalletAccount } from "../../hooks/WalletContext";
import type { Launch } from "../../../domain/launch/launchCatalogue";
import { ApplyForLaunch } from "../ApplyForLaunch/ApplyForLaunch";
import { InfoModal } from "../InfoModal/InfoModal";
import { LaunchCard } from "../LaunchCard/LaunchCard";
import { useConnectThen } from "../useConnectThen";
import { WhitelistModal } from "../WhitelistModal/WhitelistModal";
import styles from "./LaunchPage.module.css";

type OpenModal =
  | { readonly kind: "none" }
  | { readonly kind: "whitelist"; readonly launch: Launch }
  | { readonly kind: "info"; readonly launch: Launch };

/** The Launch page (route /launch): a flip card per launch and the Apply for a Launch tile. */
export function LaunchPage(): ReactNode {
  const { launches } = useLaunchCatalogue();
  const { isConnected } = useWalletAccount();
  const connectThen = useConnectThen();
  const [modal, setModal] = useState<OpenModal>({ kind: "none" });
  const close = (): void => setModal({ kind: "none" });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Launch</h1>
      <div className={styles.grid}>
        {launches.map((launch) => (
          <LaunchCard
            key={launch.id}
            launch={launch}
            onInfo={() => setModal({ kind: "info", launch })}
            // Eligibility is the connected wallet's: connect first when there is none.
            onWhitelist={() => connectThen(() => setModal({ kind: "whitelist", launch }))}
          />
        ))}
        <ApplyForLaunch />
      </div>
      {modal.kind === "whitelist" && isConnected && <WhitelistModal launch={modal.launch} onClose={close} />}
      {modal.kind === "info" && (
        <InfoModal
          title={modal.launch.name}
          description={modal.launch.description}
          link={{ href: modal.launch.website, label: `Visit the ${modal.launch.name} website` }}
          onDismiss={close}
        />
      )}
    </div>
  );
}
